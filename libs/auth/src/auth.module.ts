import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { RequestAuthenticator, type RequestAuthenticatorOptions } from './request.authenticator';

/** `schemes` accepted by the service, `config` from `parseAuthConfig(process.env, schemes)`, challenge `realm`. */
export type AuthModuleOptions = RequestAuthenticatorOptions;

/** Global: registers {@link AuthGuard} for every route of the application and exports the authenticator. */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: RequestAuthenticator, useValue: new RequestAuthenticator(options) },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [RequestAuthenticator],
    };
  }
}
