/**
 * Reading an untrusted JSON value field by field while collecting every problem with its JSON path (`""` for the
 * document itself) (configuration.md: "all errors reported together"). `null` counts as absent for optional fields.
 * The messages are the API's validation vocabulary (docs/api.md, "Validation"), spelt here: the domain imports
 * nothing of ours.
 */
import type { ConfigurationProblem } from './configuration-document.types';

export type JsonObject = Record<string, unknown>;

export const CODE_PATTERN = /^[A-Za-z0-9._-]+$/;

export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

export class DocumentReader {
  readonly problems: ConfigurationProblem[] = [];

  report(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  /** An object with only the `allowed` keys (others are reported as unknown), or null. */
  object(value: unknown, path: string, allowed: readonly string[]): JsonObject | null {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.report(path, 'must be an object');
      return null;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.report(childPath(path, key), 'is not an accepted property');
    }
    return value as JsonObject;
  }

  isAbsent(object: JsonObject, key: string): boolean {
    return object[key] === undefined || object[key] === null;
  }

  required(object: JsonObject, key: string, path: string): boolean {
    if (!this.isAbsent(object, key)) return true;
    this.report(childPath(path, key), 'is required');
    return false;
  }

  /** A list (an absent optional list gives `fallback`). */
  array(object: JsonObject, key: string, path: string, fallback: unknown[] | null): unknown[] | null {
    if (this.isAbsent(object, key)) {
      if (fallback === null) this.report(childPath(path, key), 'is required');
      return fallback;
    }
    const value = object[key];
    if (!Array.isArray(value)) {
      this.report(childPath(path, key), 'must be an array');
      return null;
    }
    return value;
  }

  string(object: JsonObject, key: string, path: string, required: boolean): string | null {
    if (this.isAbsent(object, key)) {
      if (required) this.report(childPath(path, key), 'is required');
      return null;
    }
    const value = object[key];
    if (typeof value !== 'string') {
      this.report(childPath(path, key), 'must be a string');
      return null;
    }
    return value;
  }

  code(object: JsonObject, key: string, path: string): string | null {
    const value = this.string(object, key, path, true);
    if (value !== null && !CODE_PATTERN.test(value)) {
      this.report(childPath(path, key), 'must be letters, digits, ".", "_" or "-"');
      return null;
    }
    return value;
  }

  /** One of `values`; `fallback` when absent (null fallback: required). */
  oneOf<T extends string>(
    object: JsonObject,
    key: string,
    path: string,
    values: readonly T[],
    fallback: T | null,
  ): T | null {
    if (this.isAbsent(object, key)) {
      if (fallback === null) this.report(childPath(path, key), 'is required');
      return fallback;
    }
    return this.enumValue(object[key], childPath(path, key), values);
  }

  enumValue<T extends string>(value: unknown, path: string, values: readonly T[]): T | null {
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
    this.report(path, `must be one of ${values.join(', ')}`);
    return null;
  }

  /**
   * A number in [min, max] (integer when `integer`). Absent: `fallback` (undefined fallback: required).
   * Returns undefined when invalid.
   */
  number(
    object: JsonObject,
    key: string,
    path: string,
    rule: { integer: boolean; min?: number; max?: number; fallback?: number | null },
  ): number | null | undefined {
    const at = childPath(path, key);
    if (this.isAbsent(object, key)) {
      if (rule.fallback === undefined) this.report(at, 'is required');
      return rule.fallback;
    }
    const value = object[key];
    const ok =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (!rule.integer || Number.isInteger(value)) &&
      (rule.min === undefined || value >= rule.min) &&
      (rule.max === undefined || value <= rule.max);
    if (ok) return value;
    this.report(at, numberMessage(rule));
    return undefined;
  }
}

function numberMessage(rule: { integer: boolean; min?: number; max?: number }): string {
  const kind = rule.integer ? 'an integer' : 'a number';
  if (rule.min !== undefined && rule.max !== undefined)
    return `must be ${kind} between ${rule.min} and ${rule.max}`;
  if (rule.min !== undefined) return `must be ${kind} ≥ ${rule.min}`;
  return `must be ${kind}`;
}
