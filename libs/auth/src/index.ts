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
export { CLOCK_TOLERANCE_SECONDS } from './strategies/jwt.strategy';
export { BasicPasswordVerifier, type BasicPasswordVerifierOptions } from './basic-password.verifier';
export { buildChallenge } from './authorization-header';
export { Public, Scopes, CurrentPrincipal, PUBLIC_METADATA, SCOPES_METADATA } from './scopes.decorator';
export { AccessGuard, type AuthenticatedRequest } from './access.guard';
export { AuthModule, type AuthModuleOptions } from './auth.module';
