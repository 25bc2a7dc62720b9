import type { MigrationInterface } from 'typeorm';

/** Migrations in the order they run; each feature appends its own. */
export const migrations: (new () => MigrationInterface)[] = [];
