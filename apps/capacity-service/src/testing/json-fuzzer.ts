/**
 * Bounded, seeded JSON fuzzing for the bad-input tests: mutations of a valid body — wrong
 * types, nulls, huge strings, deep nesting, unicode, `__proto__`/`constructor` keys, numbers as strings,
 * impossible dates, oversized arrays and bodies, removed keys, extreme numbers. Bodies are produced as JSON text
 * (deep nesting is spliced in as text, so building them never recurses).
 */
import { seededRandom } from '@delivery/platform/testing';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

export const MUTATIONS = [
  'wrongType',
  'null',
  'hugeString',
  'deepNesting',
  'unicode',
  'protoKeys',
  'numberAsString',
  'impossibleDate',
  'oversizedArray',
  'oversizedBody',
  'removeKey',
  'extremeNumber',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

const UNICODE = [
  '\u0000',
  '\ud800',
  '\udfff',
  '😀👨‍👩‍👧',
  'مرحبا',
  'e\u0301\u0301\u0301',
  '\u202eevil',
  '\uffff',
  'Ω≈ç√',
];
const DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2026-1-1',
  '2026-11-23T00:00:00Z',
  '20261123',
];
const NUMBERS = [1e308, -1e308, 5e-324, -0, 2 ** 53 + 2, -1, 0, 0.1];
const DEEP = '\u0001deep:';

export interface FuzzedBody {
  text: string;
  mutations: Mutation[];
}

export interface JsonFuzzerOptions {
  /** the body limit of the operation: `oversizedBody` makes bodies just beyond it */
  bodyLimitBytes: number;
}

export class JsonFuzzer {
  private readonly random: () => number;

  constructor(
    seed: number,
    private readonly options: JsonFuzzerOptions,
  ) {
    this.random = seededRandom(seed);
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** 1–3 random mutations of `base` (or the ones named), as JSON text. */
  mutate(base: unknown, only?: readonly Mutation[]): FuzzedBody {
    const body = structuredClone(base) as Json;
    const mutations: Mutation[] = [];
    const count = 1 + this.int(3);
    let root: Json = body;
    for (let i = 0; i < count; i++) {
      const mutation = this.pick(only ?? MUTATIONS);
      mutations.push(mutation);
      root = this.apply(root, mutation);
    }
    let text = JSON.stringify(root);
    text = text.replace(/"\\u0001deep:(\d+):(a|o)"/g, (_, depth: string, kind: string) => {
      const n = Number(depth);
      return kind === 'a' ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    });
    return { text, mutations };
  }

  private apply(root: Json, mutation: Mutation): Json {
    const paths = allPaths(root);
    const path = this.pick(paths);
    const current = get(root, path);
    switch (mutation) {
      case 'wrongType':
        return set(root, path, this.otherType(current));
      case 'null':
        return set(root, path, null);
      case 'hugeString':
        return set(root, path, this.pick(['x', 'Ω', ' ', '"\\']).repeat(1000 + this.int(60_000)));
      case 'deepNesting':
        return set(root, path, `${DEEP}${100 + this.int(50_000)}:${this.pick(['a', 'o'])}`);
      case 'unicode':
        return set(root, path, `${typeof current === 'string' ? current : ''}${this.pick(UNICODE)}`);
      case 'protoKeys': {
        const objects = paths.filter((p) => isObject(get(root, p)));
        if (objects.length === 0) return root;
        const object = get(root, this.pick(objects)) as Record<string, Json>;
        const key = this.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
        Object.defineProperty(object, key, {
          value: this.pick<Json>([{ polluted: true }, 'x', 1, null, []]),
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return root;
      }
      case 'numberAsString':
        return set(root, path, typeof current === 'number' ? String(current) : String(this.pick(NUMBERS)));
      case 'impossibleDate':
        return set(root, path, this.pick(DATES));
      case 'oversizedArray': {
        const element = this.pick<() => Json>([() => 1, () => 'x', () => ({}), () => [], () => null]);
        return set(root, path, Array.from({ length: 1000 + this.int(60_000) }, element));
      }
      case 'oversizedBody':
        return set(root, path, 'y'.repeat(this.options.bodyLimitBytes + 1 + this.int(1024)));
      case 'removeKey': {
        if (path.length === 0) return root;
        const parent = get(root, path.slice(0, -1));
        const key = path[path.length - 1];
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else if (isObject(parent)) delete (parent as Record<string, Json>)[key as string];
        return root;
      }
      case 'extremeNumber':
        return set(root, path, this.pick(NUMBERS));
    }
  }

  private otherType(value: Json): Json {
    const options: Json[] = [42, 'text', true, { a: 1 }, [1, 2]].filter((v) => typeof v !== typeof value);
    return this.pick(Array.isArray(value) ? options.filter((v) => !Array.isArray(v)) : options);
  }
}

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function allPaths(root: Json): Path[] {
  const paths: Path[] = [];
  const walk = (value: Json, path: Path) => {
    paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (isObject(value)) for (const key of Object.keys(value)) walk(value[key], [...path, key]);
  };
  walk(root, []);
  return paths;
}

function get(root: Json, path: Path): Json {
  let value: Json = root;
  for (const key of path) value = (value as Record<string | number, Json>)[key];
  return value;
}

function set(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = get(root, path.slice(0, -1)) as Record<string | number, Json>;
  parent[path[path.length - 1]] = value;
  return root;
}
