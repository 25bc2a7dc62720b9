/**
 * The floor of the services' request paths: a bare `node:http` server doing only the I/O each path must do, so the
 * request-floor benchmark can say how much of a request's cost is the way through the framework.
 *  - `GET /whoami`: verify the HS256 token (jose), answer who it is;
 *  - `POST /delivery/capacity`: verify, read and parse the body, one Postgres round trip on a pool — the statement
 *    the service sends for that body (FLOOR_READ_STATEMENT, a file holding its name, text and values) —, stringify
 *    an answer of the service's size (FLOOR_CALCULATION_ANSWER, a file holding the service's answer to the body);
 *    without those two files this path answers 404;
 *  - `POST /load-products`: verify, read and parse the body, publish the products in batches of
 *    FLOOR_BATCH_SIZE with publisher confirms to a quorum queue (FLOOR_QUEUE), answer once the broker confirmed them all.
 * No routing table, logging, metrics, limits or validation. `/health/ready` answers once Postgres and RabbitMQ do.
 */
import { createSecretKey } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { connect } from 'amqplib';
import { jwtVerify } from 'jose';
import { Pool, type QueryConfig } from 'pg';

const env = process.env;
const queue = env.FLOOR_QUEUE ?? 'floor.product-batches';
const secret = createSecretKey(Buffer.from(env.JWT_SECRET ?? '', 'utf8'));
const batchSize = Number(env.FLOOR_BATCH_SIZE ?? 500);
/** A JSON file named by the environment variable `name`; undefined when it is unset (that path is not served). */
const fileOf = <T>(name: string): T | undefined =>
  env[name] === undefined ? undefined : (JSON.parse(fs.readFileSync(env[name], 'utf8')) as T);
const answer = fileOf<unknown>('FLOOR_CALCULATION_ANSWER');
const read = fileOf<QueryConfig>('FLOOR_READ_STATEMENT');

interface Claims {
  sub?: string;
  scope?: string;
}

/** The claims of a valid HS256 bearer token (signature and expiry checked by jose), else undefined. */
async function verified(authorization: string | undefined): Promise<Claims | undefined> {
  if (!authorization?.startsWith('Bearer ')) return undefined;
  try {
    const { payload } = await jwtVerify<Claims>(authorization.slice(7), secret, {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    return payload;
  } catch {
    return undefined;
  }
}

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, value?: unknown): void {
  const text = value === undefined ? '' : JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: Number(env.DATABASE_POOL_SIZE ?? 10) });
  const connection = await connect(env.AMQP_URL ?? '');
  const channel = await connection.createConfirmChannel();
  await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });

  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.url === '/health/ready') return send(res, 200, {});
      const claims = await verified(req.headers.authorization);
      if (!claims) return send(res, 401);
      if (req.method === 'GET' && req.url?.endsWith('/whoami'))
        return send(res, 200, { subject: claims.sub, scopes: claims.scope?.split(' ') ?? [], scheme: 'jwt' });
      if (req.method === 'POST' && req.url?.endsWith('/delivery/capacity') && read !== undefined) {
        JSON.parse(await body(req));
        await pool.query(read);
        return send(res, 200, answer);
      }
      if (req.method === 'POST' && req.url?.endsWith('/load-products')) {
        const { products } = JSON.parse(await body(req)) as { products: unknown[] };
        for (let start = 0; start < products.length; start += batchSize) {
          const batch = Buffer.from(JSON.stringify(products.slice(start, start + batchSize)));
          channel.sendToQueue(queue, batch, { persistent: true, contentType: 'application/json' });
        }
        await channel.waitForConfirms();
        return send(res, 200, { message: `${products.length} products are being processed` });
      }
      send(res, 404);
    })().catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  server.listen(Number(env.PORT), '127.0.0.1');
  const stop = () => {
    server.close();
    void Promise.all([connection.close(), pool.end()]).finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
