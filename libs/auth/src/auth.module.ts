import { Global, Module, type DynamicModule, type ExecutionContext, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { AccessGuard, ACCESS_GUARD_OPTIONS, type AccessGuardOptions } from './access.guard';
import type { AuthConfig } from './auth.config';
import { AuthFailureLimiter } from './auth-failure.limiter';
import { buildChallenge } from './authorization-header';
import type { BasicPasswordVerifierOptions } from './basic-password.verifier';
import { PassportStrategies } from './passport.strategies';
import type { AuthScheme } from './principal';
import { PrincipalThrottlerGuard } from './principal-throttler.guard';
import { WindowCounterStorage } from './window-counter.storage';

export interface AuthModuleOptions {
  /** schemes the service accepts */
  readonly schemes: readonly AuthScheme[];
  /** `parseAuthConfig(process.env, schemes)` */
  readonly config: AuthConfig;
  /** realm of the `WWW-Authenticate` challenge, e.g. `capacity-service` */
  readonly realm: string;
  readonly basic?: BasicPasswordVerifierOptions;
  /**
   * Where the limits count: in memory by default ({@link WindowCounterStorage}, per replica); any
   * `@nestjs/throttler` storage shared by the replicas (e.g. a Redis one) makes the counts and blocks common to all
   * of them.
   */
  readonly storage?: ThrottlerStorage;
}

/**
 * The key a principal's requests to one operation count under, e.g. `default:DeliveryCapacityController.calculate:
 * jwt:checkout`. The throttler's own key is a sha256 of the same parts, one hash per request for nothing: the
 * storages keep keys in memory (or a shared store) and never show them to a client.
 */
const principalOperationKey = (context: ExecutionContext, tracker: string, throttler: string): string =>
  `${throttler}:${context.getClass().name}.${context.getHandler().name}:${tracker}`;

/**
 * Global: the Passport strategies of the accepted schemes, {@link AccessGuard} on every route (authentication,
 * scopes, failed-authentication limit) and, when `RATE_LIMIT` is set, {@link PrincipalThrottlerGuard} after it.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    const { failures, rate } = options.config.limits;
    const storage = options.storage ?? new WindowCounterStorage();
    const guardOptions: AccessGuardOptions = {
      schemes: options.schemes,
      challenge: buildChallenge(options.schemes, options.realm),
    };
    const providers: Provider[] = [
      {
        provide: PassportStrategies,
        useValue: new PassportStrategies(options.schemes, options.config, options.basic),
      },
      { provide: ACCESS_GUARD_OPTIONS, useValue: guardOptions },
      ...(failures
        ? [{ provide: AuthFailureLimiter, useValue: new AuthFailureLimiter(storage, failures) }]
        : []),
      // guards run in this order: authenticate and authorize, then count the principal's requests
      { provide: APP_GUARD, useClass: AccessGuard },
      ...(rate ? [{ provide: APP_GUARD, useClass: PrincipalThrottlerGuard }] : []),
    ];
    return {
      module: AuthModule,
      imports: rate
        ? [
            ThrottlerModule.forRoot({
              throttlers: [{ ttl: rate.windowMs, limit: rate.limit }],
              storage,
              generateKey: principalOperationKey,
            }),
          ]
        : [],
      providers,
      exports: [PassportStrategies],
    };
  }
}
