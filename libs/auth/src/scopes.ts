/** The scopes of docs/security.md: one per operation family. Any principal may hold any of them. */
export const SCOPES = [
  'capacity:calculate',
  'capacity:reserve',
  'configuration:load',
  'configuration:write',
  'configuration:read',
  'products:write',
  'products:read',
  'outcomes:write',
  'outcomes:read',
] as const;

export type Scope = (typeof SCOPES)[number];

const known: ReadonlySet<string> = new Set(SCOPES);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && known.has(value);
}
