import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { declareTopology } from '@delivery/messaging';
import { PRODUCT_TOPOLOGY_DEFAULTS, productTopology } from '@delivery/products-data-access';
import { createRabbitTestVhost } from '@delivery/messaging/testing';
import { parseOutcomeWorkerConfig } from '@delivery/outcome-worker';
import { APPS, defaultsOf } from './app-environment';
import { dockerignoreFilter } from './dockerignore.matcher';
import { imageEnvironment, type Instruction, parseDockerfile, stage } from './dockerfile.parser';
import { find, onlyContainer, podSpec, renderOverlay, ROOT } from './rendered-manifests';

/**
 * docker/Dockerfile without a Docker engine: its stages and commands are parsed, its build stage is replayed in a
 * temporary directory (the files its COPY lines take from the build context that .dockerignore lets through, then
 * the same Nx `package` target of each image's app), its production-dependencies stage is replayed per image
 * (`npm ci --omit=dev` on the package.json and lockfile the build wrote for that app), and what the image would run
 * is run with only that install: each app's CMD reaches its configuration check, the operations image migrates a
 * database and lists dead letters.
 */
const dockerfile = parseDockerfile(fs.readFileSync(path.join(ROOT, 'docker/Dockerfile'), 'utf8'));
const inContext = dockerignoreFilter(fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
/** The apps' images: the three apps and the outcome worker. */
const APP_IMAGES = [...APPS, 'outcome-worker'];
/** Every image: the apps' and the operator commands'. */
const IMAGES = [...APP_IMAGES, 'operations'];
const MIGRATION_ENTRY = 'dist/apps/operations/src/migrate.main.js';
const DEAD_LETTERS_ENTRY = 'dist/apps/operations/src/dead-letters.main.js';
/** The OpenTelemetry packages no app loads: only traces are exported (no metrics or logs exporter, no Node SDK). */
const UNLOADED_TELEMETRY = [
  '@opentelemetry/sdk-node',
  '@opentelemetry/exporter-prometheus',
  '@opentelemetry/exporter-metrics-otlp-http',
  '@opentelemetry/exporter-logs-otlp-http',
];
/** Packages an image must not install: Swagger only where an HTTP API is documented, TypeORM only for migrating. */
const FORBIDDEN: Record<string, string[]> = {
  'capacity-service': ['typeorm', ...UNLOADED_TELEMETRY],
  'product-upload-service': ['typeorm', ...UNLOADED_TELEMETRY],
  'product-ingest-worker': [
    '@nestjs/swagger',
    'swagger-ui-dist',
    'typeorm',
    'passport',
    'jose',
    ...UNLOADED_TELEMETRY,
  ],
  // the outcome events' validator comes with the contracts, whose DTOs carry Swagger's decorators (and its UI)
  'outcome-worker': ['typeorm', 'passport', 'jose', ...UNLOADED_TELEMETRY],
  operations: [
    '@nestjs/swagger',
    'swagger-ui-dist',
    'passport',
    'jose',
    '@opentelemetry/sdk-trace',
    ...UNLOADED_TELEMETRY,
  ],
};
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const instructions = (stageName: string, keyword: string): Instruction[] =>
  stage(dockerfile, stageName).instructions.filter((i) => i.keyword === keyword);
const runCommands = (stageName: string) => instructions(stageName, 'RUN').map((i) => i.raw);

/** The runtime CMD with APP substituted: the argv the container starts with. */
function commandFor(app: string): string[] {
  const [cmd] = instructions('runtime', 'CMD');
  expect(cmd.execForm).toBe(true);
  return cmd.args.map((arg) => arg.replace(/\$\{APP\}/g, app));
}

/** Files of the repository the build context holds under `source` (what `COPY source` sends). */
function contextFiles(source: string): string[] {
  const full = path.join(ROOT, source);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return inContext(source) ? [source] : [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(inContext);
}

/** Replays the build stage's COPY lines into `dir` (node_modules stands for `npm ci`). */
function replayBuildStageCopies(dir: string): void {
  for (const copy of instructions('build', 'COPY')) {
    expect(copy.flags.from).toBeUndefined();
    const sources = copy.args.slice(0, -1);
    const destination = copy.args[copy.args.length - 1];
    for (const source of sources) {
      const files = contextFiles(source);
      expect({ source, files: files.length > 0 }).toEqual({ source, files: true });
      const sourceIsFile = fs.statSync(path.join(ROOT, source)).isFile();
      for (const file of files) {
        // a file goes into a destination ending in `/` under its own name; a directory's contents go below it
        const relative = sourceIsFile
          ? destination.endsWith('/')
            ? path.join(destination, path.basename(file))
            : destination
          : path.join(destination, path.relative(source, file));
        const target = path.join(dir, relative);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), target);
      }
    }
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** External packages (not Node built-ins) required by `entry` and every compiled file it requires, transitively. */
function requiredPackages(entry: string): string[] {
  const builtins = new Set(builtinModules);
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/require\("([^"]+)"\)/g)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        const found = [target, `${target}.js`, path.join(target, 'index.js')].find(
          (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
        );
        if (!found) throw new Error(`${file}: ${specifier} not found`);
        visit(found);
        continue;
      }
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0];
      if (!builtins.has(name.replace(/^node:/, ''))) packages.add(name);
    }
  };
  visit(entry);
  return [...packages];
}

const images = new Map<string, string>();
/**
 * The runtime stage of `app`'s image in a directory of its own: the `prod-deps` stage replayed (its COPY lines, then
 * its `npm ci`, offline from the npm cache the repository's install filled), the root package.json, and a copy of
 * the build's dist/ (a copy: through a link, Node would find the build's full node_modules).
 */
function runtimeImage(buildDir: string, app: string): string {
  const existing = images.get(app);
  if (existing) return existing;
  const image = path.join(buildDir, 'images', app);
  fs.mkdirSync(image, { recursive: true });
  fs.copyFileSync(path.join(ROOT, '.npmrc'), path.join(image, '.npmrc'));
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(buildDir, 'dist/apps', app, file), path.join(image, file));
  const [install] = runCommands('prod-deps')[0].split(' && ');
  const [npm, ...args] = install.split(' ');
  const result = spawnSync(npm, [...args, '--offline'], { cwd: image, encoding: 'utf8' });
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(image, 'package.json'));
  fs.cpSync(path.join(buildDir, 'dist'), path.join(image, 'dist'), { recursive: true });
  images.set(app, image);
  return image;
}

/** `name@version` of every package under a node_modules directory, nested ones included, sorted and unique. */
function installedPackages(nodeModules: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (entry.startsWith('.')) continue;
      const at = path.join(dir, entry);
      if (entry.startsWith('@')) {
        visit(at);
        continue;
      }
      const manifest = path.join(at, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const { name, version } = readJson<{ name: string; version: string }>(manifest);
      found.add(`${name}@${version}`);
      visit(path.join(at, 'node_modules'));
    }
  };
  visit(nodeModules);
  return [...found].sort();
}

/** `name@version` of every component of a CycloneDX SBOM (group and name: `@scope/name`). */
function sbomPackages(file: string): string[] {
  const { components } = readJson<{ components: { group?: string; name: string; version: string }[] }>(file);
  return [...new Set(components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`))].sort();
}

/** The version the repository's lockfile installs of a top-level package. */
const rootVersion = (name: string) =>
  readJson<{ packages: Record<string, { version: string }> }>(path.join(ROOT, 'package-lock.json')).packages[
    `node_modules/${name}`
  ].version;

function run(
  command: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      command[0] === 'node' ? process.execPath : command[0],
      command.slice(1),
      { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('docker/Dockerfile', () => {
  it('has a build stage, a production-dependencies stage and a runtime stage, all on slim Node 26 LTS', () => {
    expect(dockerfile.stages.map((s) => s.name)).toEqual(['build', 'prod-deps', 'runtime']);
    for (const s of dockerfile.stages) expect(s.image).toMatch(/^node:26-bookworm-slim@sha256:[0-9a-f]{64}$/); // the tag, pinned by digest
  });

  it('labels the image with its source, revision and version (OCI annotations), from build arguments', () => {
    const args = instructions('runtime', 'ARG').map((a) => a.raw.split('=')[0]);
    expect(args).toEqual(expect.arrayContaining(['APP', 'VERSION', 'REVISION', 'SOURCE', 'NODE_IMAGE']));
    const [label] = instructions('runtime', 'LABEL');
    const labels = Object.fromEntries(
      [...label.raw.matchAll(/([\w.]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    expect(labels).toEqual({
      'org.opencontainers.image.source': '${SOURCE}',
      'org.opencontainers.image.revision': '${REVISION}',
      'org.opencontainers.image.version': '${VERSION}',
      'org.opencontainers.image.title': '${APP}',
      'org.opencontainers.image.base.name': '${NODE_IMAGE}',
    });
  });

  it('builds with all dependencies and the repository build, and installs production dependencies apart', () => {
    expect(runCommands('build')).toEqual([
      'npm ci --ignore-scripts --no-audit --no-fund',
      'test -n "${APP}" && NX_DAEMON=false NX_NO_CLOUD=true npx nx run "${APP}:package" --outputStyle=static',
    ]);
    // the app's own package.json and lockfile, generated by its build, and nothing of the repository's
    expect(instructions('prod-deps', 'COPY').map((c) => [c.flags.from ?? '', ...c.args])).toEqual([
      ['', '.npmrc', './'],
      ['build', '/app/dist/apps/${APP}/package.json', '/app/dist/apps/${APP}/package-lock.json', './'],
    ]);
    expect(runCommands('prod-deps')).toEqual([
      'npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force',
    ]);
    const copies = instructions('runtime', 'COPY').map((c) => [c.flags.from ?? '', ...c.args]);
    expect(copies).toEqual([
      ['', 'package.json', './'],
      ['prod-deps', '/app/node_modules', './node_modules'],
      ['build', '/app/dist', './dist'],
      ['', 'docker/healthcheck.js', './docker/healthcheck.js'],
    ]);
  });

  it('runs as the unprivileged node user (uid 1000, as the pods require) with NODE_ENV=production', () => {
    expect(instructions('runtime', 'USER').map((u) => u.raw)).toEqual(['1000:1000']);
    expect(instructions('runtime', 'ENV').map((e) => e.raw)).toEqual(['NODE_ENV=production APP=${APP}']);
    expect(imageEnvironment()).toEqual({ NODE_ENV: 'production' }); // what the benchmarks start the apps with
    const deployment = find(renderOverlay('prod'), 'Deployment', 'capacity-service');
    expect(podSpec(deployment).securityContext.runAsUser).toBe(1000);
  });

  it('checks its health with node on /health/live and starts the app with exec (node is PID 1)', () => {
    const [healthcheck] = instructions('runtime', 'HEALTHCHECK');
    expect(healthcheck.raw).toBe('CMD ["node", "docker/healthcheck.js"]');
    expect(healthcheck.flags).toEqual({
      interval: '10s',
      timeout: '3s',
      'start-period': '10s',
      retries: '3',
    });
    expect(commandFor('capacity-service')).toEqual([
      'sh',
      '-c',
      'exec node dist/apps/capacity-service/src/main.js',
    ]);
  });

  it('copies only paths that exist and that the build context (.dockerignore) sends', () => {
    for (const s of dockerfile.stages)
      for (const copy of s.instructions.filter((i) => i.keyword === 'COPY' && !i.flags.from))
        for (const source of copy.args.slice(0, -1))
          expect([source, contextFiles(source).length > 0]).toEqual([source, true]);
  });

  it('keeps dev secrets, dependencies, build output, git and tests out of the build context', () => {
    const excluded = [
      '.data/dev-secrets.json',
      '.env',
      '.git/HEAD',
      'node_modules/yaml/package.json',
      'dist/apps/capacity-service/src/main.js',
      'libs/auth/src/strategies/jwt.strategy.spec.ts',
      'apps/capacity-service/src/auth-matrix.e2e-spec.ts',
      'libs/persistence/src/testing/test-database.ts',
      'k8s/base/kustomization.yaml',
    ];
    const included = [
      'package.json',
      'package-lock.json',
      'nx.json',
      '.swcrc',
      'libs/auth/project.json',
      'libs/auth/src/index.ts',
      'apps/product-ingest-worker/src/main.ts',
      'docker/healthcheck.js',
      'tools/build/app-package.js',
      'apps/operations/src/dead-letters.main.ts',
    ];
    expect(excluded.filter(inContext)).toEqual([]);
    expect(included.filter((file) => !inContext(file))).toEqual([]);
  });

  describe('the build stage replayed without an engine', () => {
    let dir: string;

    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-image-'));
      replayBuildStageCopies(dir);
      // the build stage's command for every image at once (its nx, with the environment the RUN line sets)
      const build = spawnSync(
        process.execPath,
        ['node_modules/.bin/nx', 'run-many', '-t', 'package', '-p', ...IMAGES, '--outputStyle=static'],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } },
      );
      expect({ status: build.status, stderr: build.stderr }).toEqual({ status: 0, stderr: '' });
    }, 120_000);

    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it.each(APP_IMAGES)(
      'the CMD of %s runs the built app with only its own production dependencies, and it validates its configuration first',
      async (app) => {
        const image = runtimeImage(dir, app);
        const command = commandFor(app);
        const script = /exec node (\S+)$/.exec(command[2])?.[1] as string;
        expect(fs.existsSync(path.join(image, script))).toBe(true);
        const result = await run(['node', script], image, { PORT: 'not-a-port', NODE_ENV: 'production' });
        expect(result.code).toBe(1);
        expect(result.out).toContain(
          'Invalid configuration:\n  PORT: must be an integer from 1 to 65535 (got "not-a-port")',
        );
      },
      120_000,
    );

    it.each(IMAGES)('the production install of %s holds none of the packages it does not load', (app) => {
      const image = runtimeImage(dir, app);
      const installed = (name: string) =>
        fs.existsSync(path.join(image, 'node_modules', name, 'package.json'));
      expect(installed('reflect-metadata')).toBe(true); // the install is there
      expect(FORBIDDEN[app].filter(installed)).toEqual([]);
    });

    it.each(IMAGES)(
      'the package.json written for %s lists every package its entries require, the lockfile at the root versions',
      (app) => {
        const written = readJson<{ dependencies: Record<string, string> }>(
          path.join(dir, 'dist/apps', app, 'package.json'),
        );
        const lock = readJson<{ packages: Record<string, { version?: string }> }>(
          path.join(dir, 'dist/apps', app, 'package-lock.json'),
        );
        const rootLock = readJson<{ packages: Record<string, { version?: string }> }>(
          path.join(ROOT, 'package-lock.json'),
        );
        const src = path.join(dir, 'dist/apps', app, 'src');
        const entries = fs
          .readdirSync(src)
          .filter((name) => name === 'main.js' || name.endsWith('.main.js'))
          .map((name) => path.join(src, name));
        const required = [...new Set(entries.flatMap(requiredPackages))].sort();
        expect(required).toContain('reflect-metadata'); // the scan sees the compiled requires
        expect(Object.keys(written.dependencies).sort()).toEqual(required);
        const versions = (packages: Record<string, { version?: string }>, paths: string[]) =>
          paths.map((key) => [key, packages[key]?.version]);
        const installed = Object.keys(lock.packages).filter((key) => key !== '');
        expect(versions(lock.packages, installed)).toEqual(versions(rootLock.packages, installed));
      },
    );

    it.each(IMAGES)('the SBOM of %s lists every package its image installs, and nothing else', (app) => {
      const image = runtimeImage(dir, app);
      const sbom = path.join(image, 'dist/apps', app, 'sbom.cdx.json');
      expect(readJson<{ bomFormat: string; specVersion: string }>(sbom)).toMatchObject({
        bomFormat: 'CycloneDX',
        specVersion: '1.6',
      });
      const installed = installedPackages(path.join(image, 'node_modules'));
      expect(installed).toContain(`reflect-metadata@${rootVersion('reflect-metadata')}`); // the walk sees the install
      const listed = sbomPackages(sbom);
      expect({
        missing: installed.filter((p) => !listed.includes(p)),
        extra: listed.filter((p) => !installed.includes(p)),
      }).toEqual({ missing: [], extra: [] });
    });

    it("would catch an SBOM that is not the image's own", () => {
      const installed = installedPackages(
        path.join(runtimeImage(dir, 'product-ingest-worker'), 'node_modules'),
      );
      const listed = sbomPackages(path.join(dir, 'dist/apps/operations/sbom.cdx.json'));
      expect(listed.filter((p) => !installed.includes(p))).toContain(`typeorm@${rootVersion('typeorm')}`);
    });

    describe('the operations image', () => {
      it('carries the migration entry the Job and compose run, and it reports a failed migration', async () => {
        const job = onlyContainer(find(renderOverlay('qa'), 'Job', 'delivery-migrate'));
        expect(job.command).toEqual(['node', MIGRATION_ENTRY]);
        const result = await run(['node', MIGRATION_ENTRY], runtimeImage(dir, 'operations'), {
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        });
        expect({ code: result.code, out: result.out.trim() }).toEqual({
          code: 1,
          out: 'migration failed: connect ECONNREFUSED 127.0.0.1:1',
        });
      });

      it('migrates a real database with only its own install, then finds it up to date', async () => {
        const name = `delivery_image_test_${process.pid}`;
        const admin = new Client({ connectionString: ADMIN_URL });
        await admin.connect();
        try {
          await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
          await admin.query(`CREATE DATABASE "${name}"`);
          const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
          const image = runtimeImage(dir, 'operations');
          const first = await run(['node', MIGRATION_ENTRY], image, { DATABASE_URL: url });
          expect(first.code).toBe(0);
          expect(first.out).toMatch(/^applied \d+ migration\(s\): Capacity1795271070624, /);
          const again = await run(['node', MIGRATION_ENTRY], image, { DATABASE_URL: url });
          expect({ code: again.code, out: again.out.trim() }).toEqual({
            code: 0,
            out: 'database is up to date',
          });
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await admin.end();
        }
      });

      it('carries the dead-letter entry the Job template runs: its usage, and a listing of a real broker', async () => {
        const template = onlyContainer(find(renderOverlay('qa'), 'CronJob', 'delivery-dead-letters'));
        expect(template.command).toEqual(['node', DEAD_LETTERS_ENTRY]);
        const image = runtimeImage(dir, 'operations');
        const usage = await run(['node', DEAD_LETTERS_ENTRY], image, {});
        expect({ code: usage.code, out: usage.out.trim() }).toEqual({
          code: 1,
          out: 'usage: dead-letters list|replay|discard [--queue products|outcomes] [--limit n] [--id messageId]',
        });
        const rabbit = await createRabbitTestVhost();
        try {
          const model = await connect(rabbit.url);
          await declareTopology(model, productTopology().definition);
          await model.close();
          const listing = await run(['node', DEAD_LETTERS_ENTRY, ...template.args], image, {
            AMQP_URL: rabbit.url,
          });
          expect({ code: listing.code, out: listing.out.trim() }).toEqual({
            code: 0,
            out: `0 dead letter(s) in ${PRODUCT_TOPOLOGY_DEFAULTS.deadLetterQueue}\nlisted 0`,
          });
          // the outcome events' queue names are in the image too; their queue is not declared on this broker
          const outcomes = await run(['node', DEAD_LETTERS_ENTRY, 'list', '--queue', 'outcomes'], image, {
            AMQP_URL: rabbit.url,
          });
          expect({ code: outcomes.code, out: outcomes.out.trim() }).toEqual({
            code: 2,
            out: expect.stringMatching(/^no queue delivery-outcomes\.dead-letter on the broker: /),
          });
        } finally {
          await rabbit.dispose();
        }
      });

      it('names its commands when run with its default CMD', async () => {
        const script = /exec node (\S+)$/.exec(commandFor('operations')[2])?.[1] as string;
        const result = await run(['node', script], runtimeImage(dir, 'operations'), {});
        expect(result.code).toBe(2);
        expect(result.out).toContain('migrate.main.js');
        expect(result.out).toContain('dead-letters.main.js list|replay|discard');
      });
    });
  });
});

describe('docker/healthcheck.js', () => {
  const script = path.join(ROOT, 'docker/healthcheck.js');

  async function healthcheckAgainst(status: number | undefined): Promise<{ code: number; paths: string[] }> {
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status ?? 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    if (status === undefined) await new Promise((resolve) => server.close(resolve)); // nothing listens
    const result = await run(['node', script], ROOT, { PORT: String(port) });
    if (status !== undefined) await new Promise((resolve) => server.close(resolve));
    return { code: result.code, paths };
  }

  it('passes when /health/live answers 2xx', async () => {
    expect(await healthcheckAgainst(200)).toEqual({ code: 0, paths: ['/health/live'] });
  });

  it('fails when the app answers an error or does not answer', async () => {
    expect(await healthcheckAgainst(503)).toEqual({ code: 1, paths: ['/health/live'] });
    expect(await healthcheckAgainst(undefined)).toEqual({ code: 1, paths: [] });
  });

  it("falls back to each app's default port when PORT is unset", () => {
    const source = fs.readFileSync(script, 'utf8');
    const ports = Object.fromEntries(
      [...source.matchAll(/'([a-z-]+)': (\d+),/g)].map(([, app, port]) => [app, Number(port)]),
    );
    expect(ports).toEqual({
      ...Object.fromEntries(APPS.map((app) => [app, defaultsOf(app).PORT])),
      'outcome-worker': parseOutcomeWorkerConfig({}).PORT,
    });
  });
});
