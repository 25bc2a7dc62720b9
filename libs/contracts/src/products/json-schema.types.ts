/**
 * TypeScript types derived from the JSON Schema consts of this folder, so a schema and the type the code uses
 * cannot drift. Covers the subset the product schemas use: objects with `properties`/`required`, arrays with
 * `items`, `enum` and `const`, and `type` as a name or a list of names (`['string', 'null']`).
 */
type Primitive<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : never;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<P, R> = Flatten<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { type: 'array'; items: infer I }
      ? FromSchema<I>[]
      : S extends { type: 'object'; properties: infer P }
        ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
        : S extends { type: infer T }
          ? T extends readonly (infer U)[]
            ? Primitive<U>
            : Primitive<T>
          : unknown;
