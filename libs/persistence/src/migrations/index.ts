import type { MigrationInterface } from 'typeorm';
import { Products1795280000000 } from './1795280000000-products';

/** Migrations in the order they run; each feature appends its own. */
export const migrations: (new () => MigrationInterface)[] = [Products1795280000000];
