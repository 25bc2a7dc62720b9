import { Global, Module, type DynamicModule, type ExecutionContext, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { AccessGuard, ACCESS_GUARD_OPTIONS, type AccessGuardOptions } from './access.guard';
import type { AuthConfig } from './auth.config';
import { AuthFailureLimiter } from './auth-failure.limiter';
import { buildChallenge } from './authorization-header';
import type { BasicPasswordVerifierOptions } from './basic-password.verifier';
import { LimitsStoreMonitor } from './limits-store.monitor';
import { PassportStrategies } from './passport.strategies';
import type { AuthScheme } from './principal';
import { PrincipalThrottlerGuard } from './principal-throttler.guard';
import { SharedLimitsStorage } from './shared-limits.storage';
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
   * Where the limits count, for tests: by default the store `LIMITS_STORE_URL` names ({@link SharedLimitsStorage},
   * shared by the replicas), else this replica's memory ({@link WindowCounterStorage}).
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
 * scopes, failed-authentication limit) and, when `RATE_LIMIT` is set, {@link PrincipalThrottlerGuard} after it;
 * both count in the store `LIMITS_STORE_URL` names (with {@link LimitsStoreMonitor}), or in this replica's memory.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    const { failures, rate, store } = options.config.limits;
    const shared =
      options.storage === undefined && store.url !== undefined && (failures || rate)
        ? new SharedLimitsStorage({ url: store.url, timeoutMs: store.timeoutMs })
        : undefined;
    const storage = options.storage ?? shared ?? new WindowCounterStorage();
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
        ? [
            {
              provide: AuthFailureLimiter,
              useValue: new AuthFailureLimiter(storage, failures, Date.now, shared),
            },
          ]
        : []),
      ...(shared ? [{ provide: SharedLimitsStorage, useValue: shared }, LimitsStoreMonitor] : []),
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
