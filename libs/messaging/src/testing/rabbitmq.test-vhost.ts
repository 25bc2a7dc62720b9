import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { connect } from 'amqplib';

const run = promisify(execFile);

export const DEFAULT_TEST_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

/** A broker sandbox for one test file: its own vhost (or, failing that, unique names in the URL's vhost). */
export interface RabbitTestVhost {
  /** AMQP URL of the sandbox. */
  readonly url: string;
  readonly vhost: string;
  /** How the sandbox was made: a vhost via the management API or `rabbitmqctl`, or only unique names. */
  readonly isolation: 'management-api' | 'rabbitmqctl' | 'unique-names';
  /** `base` made unique for this run. */
  name(base: string): string;
  /** Deletes the vhost (and everything in it), or the queues and exchanges named through `name()`. */
  dispose(): Promise<void>;
}

/**
 * Creates a sandbox on the broker at `AMQP_URL` (default amqp://guest:guest@127.0.0.1:5672). Fails with a message
 * saying how to start RabbitMQ when it does not answer: broker tests must fail, never pass silently, without one.
 */
export async function createRabbitTestVhost(
  baseUrl = process.env['AMQP_URL'] ?? DEFAULT_TEST_AMQP_URL,
): Promise<RabbitTestVhost> {
  await assertRabbitReachable(baseUrl);
  const runId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const vhost = `test-messaging-${runId}`;
  const name = (base: string) => `${base}.${runId}`;
  const parsed = new URL(baseUrl);
  const user = decodeURIComponent(parsed.username || 'guest');
  const vhostUrl = new URL(baseUrl);
  vhostUrl.pathname = `/${encodeURIComponent(vhost)}`;

  const api = managementApi(parsed);
  if (await api.available()) {
    await api.call('PUT', `/api/vhosts/${encodeURIComponent(vhost)}`, {});
    await api.call('PUT', `/api/permissions/${encodeURIComponent(vhost)}/${encodeURIComponent(user)}`, {
      configure: '.*',
      write: '.*',
      read: '.*',
    });
    const dispose = () =>
      api.call('DELETE', `/api/vhosts/${encodeURIComponent(vhost)}`).then(() => undefined);
    return { url: vhostUrl.toString(), vhost, isolation: 'management-api', name, dispose };
  }
  if (await rabbitmqctl('add_vhost', vhost)) {
    await rabbitmqctl('set_permissions', '-p', vhost, user, '.*', '.*', '.*');
    const dispose = async () => void (await rabbitmqctl('delete_vhost', vhost));
    return { url: vhostUrl.toString(), vhost, isolation: 'rabbitmqctl', name, dispose };
  }
  return uniqueNamesSandbox(baseUrl, name);
}

export async function assertRabbitReachable(url: string): Promise<void> {
  try {
    const model = await connect(url, { timeout: 3000 });
    model.on('error', () => undefined);
    await model.close();
  } catch (error) {
    const where = new URL(url);
    where.password = where.password ? '***' : '';
    throw new Error(
      `RabbitMQ does not answer at ${where.toString()} (${error instanceof Error ? error.message : String(error)}). ` +
        'Start it with `rabbitmq-server -detached` (or point AMQP_URL at a running broker) and run the tests again.',
      { cause: error },
    );
  }
}

async function rabbitmqctl(...args: string[]): Promise<boolean> {
  try {
    await run('rabbitmqctl', args, { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

function managementApi(amqpUrl: URL) {
  const origin = `http://${amqpUrl.hostname}:${process.env['RABBITMQ_MANAGEMENT_PORT'] ?? '15672'}`;
  const auth = Buffer.from(
    `${decodeURIComponent(amqpUrl.username || 'guest')}:${decodeURIComponent(amqpUrl.password || 'guest')}`,
  ).toString('base64');
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`RabbitMQ management API ${method} ${path}: HTTP ${response.status}`);
    return response;
  };
  const available = () =>
    call('GET', '/api/overview').then(
      () => true,
      () => false,
    );
  return { call, available };
}

/** Without vhost rights: unique names in the URL's vhost, deleted one by one afterwards. */
function uniqueNamesSandbox(url: string, unique: (base: string) => string): RabbitTestVhost {
  const names = new Set<string>();
  const name = (base: string) => {
    const value = unique(base);
    names.add(value);
    return value;
  };
  const dispose = async () => {
    const model = await connect(url);
    model.on('error', () => undefined);
    for (const value of names) {
      for (const remove of ['deleteQueue', 'deleteExchange'] as const) {
        const channel = await model.createChannel();
        channel.on('error', () => undefined);
        await channel[remove](value).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
    await model.close();
  };
  const vhost = decodeURIComponent(new URL(url).pathname.slice(1)) || '/';
  return { url, vhost, isolation: 'unique-names', name, dispose };
}
