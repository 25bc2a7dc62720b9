import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SpanKind } from '@opentelemetry/api';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import type { RecordedSpan } from './trace-one-upload';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/**
 * Issue 14: one upload is one trace, POST → publish (ended by the broker's confirm) → consume → SQL → status
 * update, across the upload service and the worker, through real RabbitMQ and Postgres. The pipeline runs in a
 * child process because the instrumentations patch modules through Node's own loader, which Jest replaces.
 */
describe('one upload, one trace', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let spans: RecordedSpan[];
  let processCode: string;

  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    const { stdout } = await run(
      process.execPath,
      [
        '-r',
        './tools/register.js',
        '-r',
        './tools/observability/in-memory-tracing.ts',
        'tools/observability/trace-one-upload.ts',
        '--products',
        '3',
      ],
      { cwd: root, env: { PATH: process.env.PATH, DATABASE_URL: database.url, AMQP_URL: rabbit.url } },
    );
    ({ spans, processCode } = JSON.parse(stdout) as { spans: RecordedSpan[]; processCode: string });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([database?.drop(), rabbit?.dispose()]);
  });

  const byId = () => new Map(spans.map((span) => [span.spanId, span]));
  const ancestors = (span: RecordedSpan): RecordedSpan[] => {
    const ids = byId();
    const chain: RecordedSpan[] = [];
    for (let parent = ids.get(span.parentSpanId ?? ''); parent; parent = ids.get(parent.parentSpanId ?? ''))
      chain.push(parent);
    return chain;
  };

  it('puts every span of the upload, in both apps, into the one trace of the POST', () => {
    const roots = spans.filter((span) => span.parentSpanId === undefined);
    expect(roots.map((span) => [span.name, span.kind])).toEqual([
      ['POST /product-upload/v1/load-products', SpanKind.SERVER],
    ]);
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([roots[0].traceId]));
    for (const span of spans.filter((s) => s !== roots[0])) expect(ancestors(span).at(-1)).toBe(roots[0]);
  });

  it('publishes the manifest and the batch inside the request, each span ended by its confirm', () => {
    const publishes = spans.filter((span) => span.kind === SpanKind.PRODUCER);
    expect(publishes.map((span) => span.name)).toEqual(['publish products', 'publish products']);
    for (const publish of publishes) {
      expect(ancestors(publish)[0].name).toBe('request handler');
      expect(publish.attributes['messaging.rabbitmq.routing_key']).toBe('product.batch');
    }
    expect(publishes.map((span) => span.attributes['messaging.message_id']).sort()).toEqual([
      `${processCode}:0`,
      `${processCode}:1`,
    ]);
  });

  it('continues each message in the worker, whose SQL (products and upload status) runs inside the consume span', () => {
    const consumes = spans.filter((span) => span.kind === SpanKind.CONSUMER);
    expect(consumes).toHaveLength(2);
    for (const consume of consumes) {
      expect(consume.name).toBe('product-ingest.batches process');
      expect(ancestors(consume)[0].kind).toBe(SpanKind.PRODUCER);
    }
    const statements = spans
      .filter((span) => span.scope === 'pg' && typeof span.attributes['db.query.text'] === 'string')
      .map((span) => ({ sql: String(span.attributes['db.query.text']), consume: ancestors(span)[0] }));
    for (const { consume } of statements) expect(consume.kind).toBe(SpanKind.CONSUMER);
    const texts = statements.map(({ sql }) => sql.replace(/\s+/g, ' ').trim());
    expect(texts.filter((sql) => sql.startsWith('INSERT INTO products '))).toHaveLength(1);
    // the manifest records the upload; the batch's statement moves its status on (batch_done, persisted)
    expect(texts.filter((sql) => sql.startsWith('INSERT INTO product_uploads '))).toHaveLength(1);
    expect(
      texts.filter((sql) =>
        /^WITH batch AS \( UPDATE product_upload_batches .* batch_done = u\.batch_done \+ 1/.test(sql),
      ),
    ).toHaveLength(1);
    expect(texts.filter((sql) => sql === 'COMMIT')).toHaveLength(2);
  });
});
