export type Env = Record<string, string | undefined>;

/** A variable that is unset or blank counts as unset. The value is returned untrimmed (secrets are used as is). */
export function readEnv(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** `new Error('<VARIABLE>: <what is wrong>')`: the platform exits naming the variable; never put a secret in `problem`. */
export function configError(variable: string, problem: string): Error {
  return new Error(`${variable}: ${problem}`);
}
