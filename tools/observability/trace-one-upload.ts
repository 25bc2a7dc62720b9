/**
 * Runs one upload through the real pipeline with tracing on and an in-memory span exporter, then prints the
 * finished spans: JSON (for `one-upload-trace.e2e-spec.ts`), or with `--tree` the span tree `docs/operations.md`
 * shows. The upload service and the worker run in this one process (so one exporter sees both) against
 * `DATABASE_URL` (migrated) and `AMQP_URL`; the upload is sent with `fetch`, which is not instrumented, so the
 * service's `POST` span is the root. `in-memory-tracing.ts` must be preloaded:
 *
 *   node -r ./tools/register.js -r ./tools/observability/in-memory-tracing.ts \
 *     tools/observability/trace-one-upload.ts [--tree] [--products N]
 */
import { parseArgs } from 'node:util';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { Client } from 'pg';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { exampleUpload } from '@delivery/contracts';
import { exporter, sdk } from './in-memory-tracing';

export interface RecordedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  startMs: number;
  durationMs: number;
}

function recorded(span: ReadableSpan): RecordedSpan {
  const toMs = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;
  return {
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: span.kind,
    scope: span.instrumentationScope.name.replace('@opentelemetry/instrumentation-', ''),
    attributes: span.attributes,
    startMs: toMs(span.startTime),
    durationMs: Math.round(toMs(span.duration) * 10) / 10,
  };
}

/** `name [scope] ms` indented under its parent, children by start time. */
export function spanTree(spans: readonly RecordedSpan[]): string {
  const byParent = new Map<string | undefined, RecordedSpan[]>();
  const ids = new Set(spans.map((span) => span.spanId));
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
    byParent.set(parent, [...(byParent.get(parent) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of (byParent.get(parent) ?? []).sort((a, b) => a.startMs - b.startMs)) {
      const statement = span.attributes['db.query.text'] ?? span.attributes['db.statement'];
      const text = typeof statement === 'string' ? statement.replace(/\s+/g, ' ').trim() : '';
      const sql = text.length > 60 ? `  ${text.slice(0, 60)}…` : text ? `  ${text}` : '';
      lines.push(`${'  '.repeat(depth)}${span.name} [${span.scope}] ${span.durationMs} ms${sql}`);
      walk(span.spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    args: process.argv.slice(2),
    options: { tree: { type: 'boolean', default: false }, products: { type: 'string', default: '2' } },
    strict: true,
  });
  const products = Number(args.products);
  if (!Number.isInteger(products) || products < 1)
    throw new Error(`--products must be a whole number of products (got "${args.products}")`);
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL, AMQP_URL: process.env.AMQP_URL };
  // loaded now, after the in-memory tracing started (preloaded), like an app after its instrument.ts
  const { createUploadApp, parseUploadConfig } = await import('@delivery/product-upload-service');
  const { createWorkerApp, parseWorkerConfig } = await import('@delivery/product-ingest-worker');
  const upload = await createUploadApp(parseUploadConfig({ ...env, JWT_SECRET: TEST_JWT_SECRET }));
  const worker = await createWorkerApp(parseWorkerConfig(env));
  await upload.listen(0, '127.0.0.1');
  const url = await upload.getUrl();
  const token = bearer(await mintToken({ scopes: ['products:write'] }));
  const post = () =>
    fetch(`${url}/product-upload/v1/load-products`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(exampleUpload(products)),
    });
  let answer = await post();
  for (let attempt = 0; answer.status === 500 && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the broker connection is still coming up
    exporter.reset();
    answer = await post();
  }
  const { message } = (await answer.json()) as { message: string };
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${message}`);
  const processCode = /([0-9a-f-]{36})$/.exec(message)?.[1];
  // Polled without a span around it: the pg instrumentation records only queries inside a trace.
  const sql = new Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  for (let waited = 0; ; waited += 100) {
    const { rows } = await sql.query<{ settled: boolean }>(
      `SELECT manifest_recorded AND batch_done = batch_total AS settled FROM product_uploads
       WHERE process_code = $1`,
      [processCode],
    );
    if (rows[0]?.settled) break;
    if (waited > 30_000) throw new Error(`upload ${processCode} did not settle`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await sql.end();
  await new Promise((resolve) => setTimeout(resolve, 300)); // the last ack ends the last consume span
  await worker.close();
  await upload.close();
  const spans = exporter.getFinishedSpans().map(recorded); // before shutdown, which empties the exporter
  await sdk?.shutdown();
  process.stdout.write(args.tree ? `${spanTree(spans)}\n` : `${JSON.stringify({ processCode, spans })}\n`);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
