/**
 * One wording per kind of mistake, for every validator of both services, the worker and the CLIs (docs/api.md,
 * "Validation"): a problem is a field — the contract's path (`events[3].occurredAt`; `""` for the body itself) —
 * and a message in words, never a pattern. The JSON Schema validators (ajv) word their errors here.
 */
import type { ErrorObject } from 'ajv';

export const UNKNOWN_PROPERTY = 'is not an accepted property';
export const REQUIRED = 'is required';
export const NOT_AN_OBJECT = 'must be an object';
export const NOT_AN_ARRAY = 'must be an array';
export const NOT_EMPTY = 'must not be empty';
export const NOT_STORABLE = 'must not contain NUL characters or unpaired surrogates';
/** The field of a problem of the body as a whole (an array where an object is expected). */
export const BODY_FIELD = '';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

/** A property name as a field shows it: plain names as they are, any other quoted and clipped. */
export function keyName(key: string): string {
  return PLAIN_KEY.test(key) ? key : JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key);
}

/** `name` under `path`: `events[0]` + `type` → `events[0].type`; `""` + `events` → `events`. */
export function childField(path: string, name: string | number): string {
  if (typeof name === 'number') return `${path}[${name}]`;
  return path === '' ? name : `${path}.${name}`;
}

/** A JSON pointer (`/barcodes/0/eanCode`) as a field (`barcodes[0].eanCode`), with an optional child. */
export function fieldOfPointer(pointer: string, child?: string): string {
  const segments = pointer.split('/').slice(1);
  let path = '';
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path = /^\d+$/.test(segment) ? childField(path, Number(segment)) : childField(path, segment);
  }
  return child === undefined ? path : childField(path, keyName(child));
}

/**
 * An ajv error in the project's words. `patterns` says in words what each `pattern` of the schema requires (a
 * pattern not listed is the storable-text rule).
 */
export function schemaProblem(
  error: ErrorObject,
  patterns: Readonly<Record<string, string>> = {},
): FieldProblem {
  const params = error.params as Record<string, unknown>;
  const field = fieldOfPointer(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return {
        field: fieldOfPointer(error.instancePath, String(params['missingProperty'])),
        message: REQUIRED,
      };
    case 'additionalProperties':
      return {
        field: fieldOfPointer(error.instancePath, String(params['additionalProperty'])),
        message: UNKNOWN_PROPERTY,
      };
    case 'type': {
      const types = String(params['type'])
        .split(',')
        .filter((type) => type !== 'null');
      return { field, message: `must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}` };
    }
    case 'minLength':
      return { field, message: NOT_EMPTY };
    case 'maxLength':
      return { field, message: `must be at most ${String(params['limit'])} characters` };
    case 'minItems':
      return { field, message: `must have at least ${entries(Number(params['limit']))}` };
    case 'maxItems':
      return { field, message: `must have at most ${entries(Number(params['limit']))}` };
    case 'minimum':
      return { field, message: `must be ${String(params['limit'])} or more` };
    case 'maximum':
      return { field, message: `must be ${String(params['limit'])} or less` };
    case 'exclusiveMinimum':
      return { field, message: `must be greater than ${String(params['limit'])}` };
    case 'enum': {
      const values = (params['allowedValues'] as unknown[]).filter((value) => value !== null);
      return { field, message: `must be one of ${values.join(', ')}` };
    }
    case 'pattern':
      return { field, message: patterns[String(params['pattern'])] ?? NOT_STORABLE };
    default:
      return { field, message: `is invalid (${error.keyword})` };
  }
}

const entries = (count: number): string => (count === 1 ? '1 entry' : `${count} entries`);
