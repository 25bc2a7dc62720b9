export { SCOPES, isScope, type Scope } from './scopes';
export { AUTH_SCHEMES, type AuthScheme, type Principal } from './principal';
export { parseAuthConfig, type AuthConfig } from './auth.config';
export type { JwtAlgorithm, JwtConfig, JwtKeySource } from './jwt.config';
export type { ApiKeyEntry, BasicUserEntry } from './credential-entries';
export {
  hashApiKey,
  hashPassword,
  parsePasswordHash,
  SCRYPT_PARAMS,
  SCRYPT_KEY_LENGTH,
} from './credential-hashing';
export { AuthenticationError, AuthorizationError, type AuthFailureReason } from './auth.errors';
export { JwtAuthenticator, CLOCK_TOLERANCE_SECONDS, type JwtAuthenticatorOptions } from './jwt.authenticator';
export { ApiKeyAuthenticator } from './api-key.authenticator';
export { BasicAuthenticator, type BasicAuthenticatorOptions } from './basic.authenticator';
export {
  RequestAuthenticator,
  buildChallenge,
  type RequestAuthenticatorOptions,
} from './request.authenticator';
export { Public, Scopes, CurrentPrincipal, PUBLIC_METADATA, SCOPES_METADATA } from './scopes.decorator';
export { AuthGuard, type AuthenticatedRequest } from './auth.guard';
export { AuthModule, type AuthModuleOptions } from './auth.module';
