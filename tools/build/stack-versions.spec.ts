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
const renovate = JSON.parse(read('renovate.json')) as {
  packageRules: { groupName?: string; matchPackageNames?: string[] }[];
  customManagers: { managerFilePatterns: string[]; matchStrings: string[] }[];
};

/** Renovate's matchPackageNames: exact names, `**` globs, `!` exclusions. */
function matches(patterns: string[], name: string): boolean {
  const test = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*?/g, '.*')}$`).test(name);
  const excluded = patterns.filter((p) => p.startsWith('!')).some((p) => test(p.slice(1)));
  return !excluded && patterns.filter((p) => !p.startsWith('!')).some(test);
}

const groupsOf = (name: string) =>
  renovate.packageRules
    .filter((rule) => rule.groupName && matches(rule.matchPackageNames ?? [], name))
    .map((rule) => rule.groupName);

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
      new RegExp(`^ARG NODE_IMAGE=node:${major}-bookworm-slim$`, 'm'),
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

  it('pins every dependency exactly', () => {
    const all = { ...packageJson.dependencies, ...packageJson.devDependencies };
    for (const [name, version] of Object.entries(all))
      expect({ name, version }).toEqual({
        name,
        version: expect.stringMatching(/^\d+\.\d+\.\d+(-[\w.]+)?$/),
      });
  });
});
