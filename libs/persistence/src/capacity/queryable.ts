/** What the repositories need of a connection: a TypeORM `DataSource` or `EntityManager` (inside a transaction). */
export interface Queryable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T[]>;
}
