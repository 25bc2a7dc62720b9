import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import type { Scope } from './scopes';

/** Why a request was not authenticated (for logs and metrics; the client sees the message). */
export type AuthFailureReason =
  | 'missing_credentials'
  | 'malformed_credentials'
  | 'unsupported_scheme'
  | 'invalid_token'
  | 'expired_token'
  | 'invalid_credentials';

const MESSAGES: Record<AuthFailureReason, string> = {
  missing_credentials: 'Authorization header is required',
  malformed_credentials: 'Authorization header is malformed',
  unsupported_scheme: 'Authorization scheme is not accepted by this service',
  invalid_token: 'Token is invalid',
  expired_token: 'Token has expired',
  // One message for unknown key, unknown user and wrong password: no account enumeration.
  invalid_credentials: 'Credentials are invalid',
};

/** Thrown by the authenticators; turned into an {@link AuthenticationError} carrying the service's challenge. */
export class CredentialRejection extends Error {
  constructor(readonly reason: AuthFailureReason) {
    super(MESSAGES[reason]);
    this.name = 'CredentialRejection';
  }
}

/**
 * 401. The platform's exception filter renders the body and sets `WWW-Authenticate: <challenge>`
 * (e.g. `Bearer realm="capacity-service", Basic realm="capacity-service"`).
 */
export class AuthenticationError extends UnauthorizedException {
  constructor(
    readonly reason: AuthFailureReason,
    readonly challenge: string,
  ) {
    super(MESSAGES[reason]);
    this.name = 'AuthenticationError';
  }
}

/** 403: authenticated, but the principal lacks a scope the operation requires (or the operation declares none). */
export class AuthorizationError extends ForbiddenException {
  constructor(readonly missingScopes: readonly Scope[]) {
    super(
      missingScopes.length > 0
        ? `Missing scope: ${missingScopes.join(' ')}`
        : 'Operation declares no scope and is closed to every principal',
    );
    this.name = 'AuthorizationError';
  }
}
