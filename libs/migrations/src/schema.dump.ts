import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

/** The committed schema (docs/database.md): what a database migrated from empty holds. */
export const SCHEMA_FILE = path.join(__dirname, 'schema.sql');

const run = promisify(execFile);

/**
 * Lines of a pg_dump that vary without the schema changing, removed: its version, the session settings it sets
 * for a restore (which pg_dump releases add and drop), and the `\restrict` key it draws at random on every run.
 */
const VARYING = [
  /^-- Dumped (from|by) /,
  /^-- PostgreSQL database dump/,
  /^SET /,
  /^SELECT pg_catalog\.set_config\(/,
  /^\\(un)?restrict /,
];

/** The server's major version (15 for 15.x). */
export async function serverMajor(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ version: string }>("SELECT current_setting('server_version_num') AS version")
    ).rows;
    return Math.floor(Number(row.version) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * The pg_dump of the server's own major: the one of a Debian-style install (`/usr/lib/postgresql/<major>/bin`)
 * when there is one, else `pg_dump` on the PATH. Another major would print the same schema differently.
 */
async function pgDumpFor(major: number): Promise<string> {
  const installed = `/usr/lib/postgresql/${major}/bin/pg_dump`;
  const binary = existsSync(installed) ? installed : 'pg_dump';
  const { stdout } = await run(binary, ['--version']);
  const found = /(\d+)(\.\d+)*/.exec(stdout)?.[1];
  if (Number(found) !== major)
    throw new Error(
      `the server is PostgreSQL ${major} but ${binary} is "${stdout.trim()}": install pg_dump ${major}`,
    );
  return binary;
}

/** `pg_dump --schema-only` of `text` without its varying lines, blank runs collapsed, under the schema's header. */
export function normalised(text: string, major: number): string {
  const lines = text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !VARYING.some((pattern) => pattern.test(line)));
  const body = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    // the comment blocks the dump's first and last lines leave empty
    .replace(/^(--\n)+\n*/, '')
    .replace(/(\n--)+\s*$/, '')
    .trim();
  return `${schemaHeader(major)}\n\n${body}\n`;
}

/** The first lines of schema.sql: what it is, the major it was dumped from, and how to make it again. */
export function schemaHeader(major: number): string {
  return [
    `-- PostgreSQL ${major}: the schema a database migrated from empty holds (pg_dump --schema-only, normalised).`,
    '-- Generated, never edited: npx nx run migrations:schema. Checked by libs/migrations/src/schema.int-spec.ts.',
  ].join('\n');
}

/** The major schema.sql was dumped from, read from its first line. */
export function schemaMajor(committed: string): number {
  return Number(/^-- PostgreSQL (\d+):/.exec(committed)?.[1]);
}

/** The normalised schema of the database at `url`, dumped by the pg_dump of its server's major. */
export async function dumpSchema(url: string): Promise<string> {
  const major = await serverMajor(url);
  const binary = await pgDumpFor(major);
  const { stdout } = await run(
    binary,
    ['--schema-only', '--no-owner', '--no-privileges', `--dbname=${url}`],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return normalised(stdout, major);
}
