import type { Scope } from './scopes';

/** `jwt` and `apiKey` both arrive as `Authorization: Bearer …`; `basic` as `Authorization: Basic …`. */
export type AuthScheme = 'jwt' | 'apiKey' | 'basic';

export const AUTH_SCHEMES: readonly AuthScheme[] = ['jwt', 'apiKey', 'basic'];

/** Who made the request: safe to log (never carries the credential itself). */
export interface Principal {
  /** JWT `sub` (or `client_id`), API key name, or Basic user name. */
  readonly subject: string;
  /** Known scopes only; unknown scope names in a token are dropped. */
  readonly scopes: readonly Scope[];
  readonly scheme: AuthScheme;
}

export function principal(subject: string, scopes: readonly Scope[], scheme: AuthScheme): Principal {
  return Object.freeze({ subject, scopes: Object.freeze([...scopes]), scheme });
}
