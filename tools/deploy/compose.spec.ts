import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS, defaultsOf, SECRET_VARIABLES } from './app-environment';
import {
  containerEnvironment,
  find,
  onlyContainer,
  plainValue,
  renderOverlay,
  ROOT,
} from './rendered-manifests';

/**
 * docker/compose.yml parses (with its merge keys, as Compose reads them), builds the apps with docker/Dockerfile,
 * orders Postgres/RabbitMQ → migration → apps, and gives each app the variables Kubernetes gives it, by name; the
 * outcome worker runs as its Deployment does, from capacity-service's image.
 */
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args: Record<string, string> };
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
}

const COMPOSE_FILE = path.join(ROOT, 'docker/compose.yml');
const compose = parse(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const objects = renderOverlay('qa');
const kubernetesEnv = (kind: string, name: string) =>
  containerEnvironment(onlyContainer(find(objects, kind, name)), objects);

describe('docker/compose.yml', () => {
  it('runs Postgres 18, RabbitMQ 4 with the management plugin, Redis, the migration, the three apps and the outcome worker', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['dead-letters', 'migrate', 'outcome-worker', 'postgres', 'rabbitmq', 'redis', ...APPS].sort(),
    );
    expect(compose.services.redis.image).toMatch(/^redis:\d+\.\d+-bookworm$/);
    expect(compose.services.redis.healthcheck?.test[0]).toBe('CMD');
    expect(compose.services.postgres.image).toMatch(/^postgres:18[-.]/);
    expect(compose.services.rabbitmq.image).toMatch(/^rabbitmq:4(\.\d+)*-management$/);
    expect(compose.services.postgres.healthcheck?.test[0]).toBe('CMD');
    expect(compose.services.rabbitmq.healthcheck?.test[0]).toBe('CMD');
  });

  it.each(APPS)('builds %s with docker/Dockerfile from the repository root', (app) => {
    const { build } = compose.services[app];
    expect(path.resolve(path.dirname(COMPOSE_FILE), build?.context ?? '')).toBe(ROOT);
    expect(fs.existsSync(path.join(ROOT, build?.dockerfile ?? ''))).toBe(true);
    expect(build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
  });

  it.each(APPS)('gives %s the same variables as its Kubernetes Deployment, and its port', (app) => {
    const service = compose.services[app];
    const env = kubernetesEnv('Deployment', app);
    expect(Object.keys(service.environment ?? {}).sort()).toEqual([...env.keys()].sort());
    const port = String(defaultsOf(app).PORT);
    expect(service.environment?.PORT).toBe(port);
    expect(service.ports).toEqual([`${port}:${port}`]);
    for (const name of ['BASE_PATH', 'SHUTDOWN_DELAY_MS', 'SHUTDOWN_TIMEOUT_MS', 'NODE_ENV', 'NODE_OPTIONS'])
      expect([name, service.environment?.[name]]).toEqual([name, plainValue(env, name)]);
  });

  it("runs the outcome worker on its own image with its Deployment's command, variables and port", () => {
    const worker = compose.services['outcome-worker'];
    const container = onlyContainer(find(objects, 'Deployment', 'outcome-worker'));
    const env = kubernetesEnv('Deployment', 'outcome-worker');
    expect([worker.image, worker.build]).toEqual([
      'delivery/outcome-worker:local',
      { context: '..', dockerfile: 'docker/Dockerfile', args: { APP: 'outcome-worker' } },
    ]);
    expect(worker.command).toEqual(container.command);
    expect(Object.keys(worker.environment ?? {}).sort()).toEqual([...env.keys()].sort());
    for (const name of ['PORT', 'SHUTDOWN_DELAY_MS', 'SHUTDOWN_TIMEOUT_MS', 'WORKER_PREFETCH', 'NODE_ENV'])
      expect([name, worker.environment?.[name]]).toEqual([name, plainValue(env, name)]);
    expect(worker.ports).toEqual(['3003:3003']);
    expect(new URL(worker.environment?.DATABASE_URL ?? '').host).toBe('postgres:5432');
    expect(new URL(worker.environment?.AMQP_URL ?? '').host).toBe('rabbitmq:5672');
    expect(worker.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
      rabbitmq: { condition: 'service_healthy' },
    });
  });

  it('takes the auth secrets from the shell, never from the file', () => {
    for (const app of APPS)
      for (const [name, value] of Object.entries(compose.services[app].environment ?? {}))
        if (SECRET_VARIABLES.has(name) && !['DATABASE_URL', 'AMQP_URL', 'LIMITS_STORE_URL'].includes(name))
          expect([name, value]).toEqual([name, `\${${name}:-}`]);
  });

  it('points the apps at the stack Postgres and RabbitMQ, and the services at its Redis for their limits', () => {
    for (const app of APPS) {
      const env = compose.services[app].environment ?? {};
      expect(new URL(env.DATABASE_URL).host).toBe('postgres:5432');
      if (env.AMQP_URL) expect(new URL(env.AMQP_URL).host).toBe('rabbitmq:5672');
    }
    for (const app of ['capacity-service', 'product-upload-service']) {
      expect(new URL(compose.services[app].environment?.LIMITS_STORE_URL ?? '').host).toBe('redis:6379');
      expect(compose.services[app].depends_on?.redis).toEqual({ condition: 'service_healthy' });
    }
  });

  it('migrates once, with the Job command and variables, before any app starts', () => {
    const migrate = compose.services.migrate;
    const job = onlyContainer(find(objects, 'Job', 'delivery-migrate'));
    expect(migrate.build?.args).toEqual({ APP: 'operations' });
    expect(migrate.command).toEqual(job.command);
    expect(Object.keys(migrate.environment ?? {})).toEqual([
      ...kubernetesEnv('Job', 'delivery-migrate').keys(),
    ]);
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const app of APPS) {
      const dependsOn = compose.services[app].depends_on ?? {};
      expect(dependsOn.migrate).toEqual({ condition: 'service_completed_successfully' });
      if (compose.services[app].environment?.AMQP_URL)
        expect(dependsOn.rabbitmq).toEqual({ condition: 'service_healthy' });
    }
  });

  it('runs the dead-letter commands of the operations image on demand only, as the CronJob template does', () => {
    const deadLetters = compose.services['dead-letters'];
    const template = onlyContainer(find(objects, 'CronJob', 'delivery-dead-letters'));
    expect(deadLetters.build?.args).toEqual({ APP: 'operations' });
    expect(deadLetters.profiles).toEqual(['operations']);
    expect([deadLetters.entrypoint, deadLetters.command]).toEqual([template.command, template.args]);
    expect(Object.keys(deadLetters.environment ?? {})).toEqual([
      ...kubernetesEnv('CronJob', 'delivery-dead-letters').keys(),
    ]);
    expect(new URL(deadLetters.environment?.AMQP_URL ?? '').host).toBe('rabbitmq:5672');
  });

  it('hardens the app containers as the pods are: read-only root, /tmp writable, no capabilities', () => {
    for (const name of ['migrate', 'dead-letters', 'outcome-worker', ...APPS]) {
      const { read_only, tmpfs, cap_drop } = compose.services[name];
      expect([name, read_only, tmpfs, cap_drop]).toEqual([name, true, ['/tmp'], ['ALL']]);
    }
  });
});
