import { isIP } from 'node:net';

/**
 * Typed, validated configuration from environment variables. A schema maps each variable to a parser;
 * `parseEnv` applies them all and throws one `ConfigError` naming every bad variable and its rule, so a
 * process with a bad value stops at boot with a message an operator can act on.
 */
export type EnvSource = Record<string, string | undefined>;
export type EnvParser<T> = (raw: string | undefined, name: string) => T;
export type EnvSchema = Record<string, EnvParser<unknown>>;
export type EnvOf<S extends EnvSchema> = { [K in keyof S]: S[K] extends EnvParser<infer T> ? T : never };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

class Invalid extends Error {}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of Express's named ranges. */
function isTrustedProxy(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
const invalid = (name: string, rule: string): never => {
  throw new Invalid(`${name}: ${rule}`);
};

export function parseEnv<S extends EnvSchema>(schema: S, source: EnvSource): EnvOf<S> {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, parse] of Object.entries(schema)) {
    try {
      const raw = source[name];
      out[name] = parse(raw === '' ? undefined : raw, name);
    } catch (error) {
      problems.push(error instanceof Invalid ? error.message : `${name}: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return out as EnvOf<S>;
}

/**
 * Runs several config parsers (the env schema, the auth variables…) and reports all their problems together.
 */
export function combineConfig<A extends object, B extends object>(first: () => A, second: () => B): A & B {
  const problems: string[] = [];
  const run = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      problems.push(...(error instanceof ConfigError ? error.problems : [(error as Error).message]));
      return undefined;
    }
  };
  const a = run(first);
  const b = run(second);
  if (problems.length || !a || !b) throw new ConfigError(problems);
  return { ...a, ...b };
}

export const env = {
  string:
    (fallback?: string): EnvParser<string> =>
    (raw, name) =>
      raw ?? fallback ?? invalid(name, 'is required'),
  optionalString: (): EnvParser<string | undefined> => (raw) => raw,
  int:
    (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): EnvParser<number> =>
    (raw, name) => {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max)
        invalid(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
      return value;
    },
  port: (fallback: number): EnvParser<number> => env.int(fallback, 1, 65535),
  oneOf:
    <T extends string>(values: readonly T[], fallback: T): EnvParser<T> =>
    (raw, name) => {
      if (raw === undefined) return fallback;
      if (!values.includes(raw as T)) invalid(name, `must be one of ${values.join(', ')} (got "${raw}")`);
      return raw as T;
    },
  url:
    (protocols: string[], fallback: string): EnvParser<string> =>
    (raw, name) => {
      const value = raw ?? fallback;
      let parsed: URL | undefined;
      try {
        parsed = new URL(value);
      } catch {
        invalid(name, `must be a URL (${protocols.join(' or ')})`);
      }
      if (parsed && !protocols.includes(parsed.protocol.replace(':', '')))
        invalid(name, `must use ${protocols.join(' or ')}`);
      return value;
    },
  basePath:
    (fallback: string): EnvParser<string> =>
    (raw, name) => {
      const value = raw ?? fallback;
      if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value))
        invalid(name, `must look like /segment/v1 without a trailing slash (got "${value}")`);
      return value;
    },
  /**
   * Express's `trust proxy` as an operator writes it: a hop count (`0`: clients connect directly, `1`: behind one
   * proxy…) or a comma-separated list of proxy addresses and CIDRs (or `loopback`, `linklocal`, `uniquelocal`).
   * Unset: no proxy is trusted and the client address is unknown to the service.
   */
  trustProxy: (): EnvParser<number | string[] | undefined> => (raw, name) => {
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 32) invalid(name, `must be a hop count from 0 to 32 or a list of CIDRs (got "${raw}")`);
      return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isTrustedProxy(entry));
    if (bad !== undefined)
      invalid(name, `must be a hop count or a comma-separated list of addresses or CIDRs (got "${bad}")`);
    return entries;
  },
  timeZone:
    (fallback: string): EnvParser<string> =>
    (raw, name) => {
      const value = raw ?? fallback;
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
      } catch {
        invalid(name, `must be an IANA time zone such as America/Lima (got "${value}")`);
      }
      return value;
    },
};
