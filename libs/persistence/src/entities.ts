/** Every TypeORM entity of the system, in one list; each feature adds its own. */
export const entities: (new () => object)[] = [];
