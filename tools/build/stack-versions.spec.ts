import fs from 'node:fs';
import path from 'node:path';

/**
 * One Node.js line everywhere it is named, and the dependency families that are released together kept together
 * by Renovate (renovate.json): a new release reaches every place at once, or none.
 */
const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
interface PackageRule {
  groupName?: string;
  matchPackageNames?: string[];
  matchDatasources?: string[];
  minimumReleaseAge?: string;
  dependencyDashboardApproval?: boolean;
}
const renovate = JSON.parse(read('renovate.json')) as {
  extends: string[];
  packageRules: PackageRule[];
  customManagers: { managerFilePatterns: string[]; matchStrings: string[] }[];
  'docker-compose': { managerFilePatterns: string[] };
  dockerfile: { managerFilePatterns: string[] };
};
/** The lockfile's installed packages: path under node_modules → version. */
const lockfile = JSON.parse(read('package-lock.json')) as {
  packages: Record<
    string,
    { version?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
  >;
};
/** The packages Renovate updates: the root's direct dependencies, as the lockfile records them. */
const directPackages = Object.keys({
  ...lockfile.packages[''].dependencies,
  ...lockfile.packages[''].devDependencies,
});

/** Renovate's matchPackageNames: exact names, `**` globs, `!` exclusions. */
function matches(patterns: string[], name: string): boolean {
  const test = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*?/g, '.*')}$`).test(name);
  const excluded = patterns.filter((p) => p.startsWith('!')).some((p) => test(p.slice(1)));
  return !excluded && patterns.filter((p) => !p.startsWith('!')).some(test);
}

/** The groups an npm package falls in (Renovate applies every matching rule: the last groupName would win). */
const groupsOf = (name: string, rules: PackageRule[] = renovate.packageRules) =>
  rules
    .filter(
      (rule) =>
        rule.groupName &&
        (rule.matchDatasources ?? ['npm']).includes('npm') &&
        matches(rule.matchPackageNames ?? [], name),
    )
    .map((rule) => rule.groupName);

/** The lockfile's direct packages that fall in more than one group. */
const inTwoGroups = (rules: PackageRule[]) =>
  directPackages
    .filter((name) => groupsOf(name, rules).length > 1)
    .map((name) => [name, groupsOf(name, rules)]);

/** A regex manager pattern (`/…/`) of Renovate, as a RegExp. */
const managerPattern = (pattern: string) => new RegExp(pattern.slice(1, -1));

describe('the stack', () => {
  const ciNode = /^NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(read('.ci/run'))?.[1];

  it('runs one Node.js version in CI and .nvmrc, inside the engines range, with its own types and image', () => {
    expect(ciNode).toMatch(/^26\./);
    expect(read('.nvmrc').trim()).toBe(ciNode);
    const [, low, high] = /^>=(\d+\.\d+) <(\d+)$/.exec(packageJson.engines.node) ?? [];
    const [major, minor] = (ciNode ?? '').split('.').map(Number);
    expect(major).toBeLessThan(Number(high));
    expect(major * 1000 + minor).toBeGreaterThanOrEqual(
      Number(low.split('.')[0]) * 1000 + Number(low.split('.')[1]),
    );
    expect(packageJson.devDependencies['@types/node'].split('.')[0]).toBe(String(major));
    expect(read('docker/Dockerfile')).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${major}-bookworm-slim@sha256:[0-9a-f]{64}$`, 'm'),
    );
  });

  it("lets Renovate find CI's Node.js version", () => {
    const [manager] = renovate.customManagers;
    expect(manager.managerFilePatterns).toEqual(['/^\\.ci/run$/']);
    expect(new RegExp(manager.matchStrings[0]).exec(read('.ci/run'))?.groups?.currentValue).toBe(ciNode);
  });

  it('keeps each family released together on one line, and updates it in one group', () => {
    const all = { ...packageJson.dependencies, ...packageJson.devDependencies };
    const families: [string, RegExp][] = [
      ['NestJS', /^@nestjs\//],
      ['Nx', /^(nx|@nx\/.*)$/],
      ['OpenTelemetry', /^@opentelemetry\//],
      ['pino', /^(pino|pino-http|nestjs-pino)$/],
    ];
    for (const [group, family] of families) {
      const members = Object.keys(all).filter((name) => family.test(name));
      expect(members.length).toBeGreaterThan(1);
      for (const name of members) expect({ name, groups: groupsOf(name) }).toEqual({ name, groups: [group] });
    }
    const lines = (pattern: RegExp) =>
      new Set(
        Object.entries(all)
          .filter(([name]) => pattern.test(name) && name !== '@nestjs/throttler')
          .map(([, version]) => version.split('.')[0]),
      );
    expect(lines(/^@nestjs\//)).toEqual(new Set(['12']));
    expect(
      new Set(
        Object.entries(all)
          .filter(([n]) => /^(nx|@nx\/.*)$/.test(n))
          .map(([, v]) => v),
      ),
    ).toEqual(new Set([all.nx]));
  });

  it('extends config:best-practices (digests pinned) and takes an npm release only once it is 3 days old', () => {
    expect(renovate.extends).toEqual(['config:best-practices']);
    expect(renovate.packageRules.filter((rule) => rule.minimumReleaseAge)).toEqual([
      expect.objectContaining({ matchDatasources: ['npm'], minimumReleaseAge: '3 days' }),
    ]);
  });

  it('puts no package of the lockfile in two groups (one in none gets a pull request of its own)', () => {
    expect(inTwoGroups(renovate.packageRules)).toEqual([]);
    // a rule that overlaps another is caught: SWC's `@swc/**` without its exclusion of @swc/jest
    const overlapping = renovate.packageRules.map((rule) =>
      rule.groupName === 'SWC' ? { ...rule, matchPackageNames: ['@swc/**', '@swc-node/**'] } : rule,
    );
    expect(inTwoGroups(overlapping)).toEqual([['@swc/jest', ['SWC', 'Jest']]]);
  });

  it('moves nx and every @nx/* package of the lockfile together: one group, one version, approved on the dashboard', () => {
    const nx = Object.entries(lockfile.packages).filter(([at]) => /^node_modules\/(nx|@nx\/[^/]+)$/.test(at));
    expect(nx.length).toBeGreaterThan(5);
    expect(new Set(nx.map(([, { version }]) => version))).toEqual(
      new Set([lockfile.packages['node_modules/nx'].version]),
    );
    for (const name of directPackages.filter((n) => /^(nx|@nx\/.*)$/.test(n)))
      expect({ name, groups: groupsOf(name) }).toEqual({ name, groups: ['Nx'] });
    expect(renovate.packageRules.find((rule) => rule.groupName === 'Nx')?.dependencyDashboardApproval).toBe(
      true,
    );
  });

  it("manages the compose images and the Dockerfile's base image, a new Postgres, RabbitMQ or Redis major only on approval", () => {
    expect(
      renovate['docker-compose'].managerFilePatterns
        .map(managerPattern)
        .some((p) => p.test('docker/compose.yml')),
    ).toBe(true);
    expect(
      renovate.dockerfile.managerFilePatterns.map(managerPattern).some((p) => p.test('docker/Dockerfile')),
    ).toBe(true);
    const images = [...read('docker/compose.yml').matchAll(/^\s+image: (\S+)$/gm)].map(([, image]) => image);
    const pulled = [...new Set(images.filter((image) => !image.startsWith('delivery/')))].map(
      (image) => image.split(':')[0],
    );
    expect(pulled.sort()).toEqual(['postgres', 'rabbitmq', 'redis']);
    expect(renovate.packageRules).toContainEqual(
      expect.objectContaining({
        matchDatasources: ['docker'],
        matchPackageNames: pulled.sort(),
        dependencyDashboardApproval: true,
      }),
    );
  });

  it('pins every dependency exactly', () => {
    const all = { ...packageJson.dependencies, ...packageJson.devDependencies };
    for (const [name, version] of Object.entries(all))
      expect({ name, version }).toEqual({
        name,
        version: expect.stringMatching(/^\d+\.\d+\.\d+(-[\w.]+)?$/),
      });
  });
});
