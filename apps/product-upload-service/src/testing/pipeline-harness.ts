import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { exampleUpload, type UploadStatusResponse } from '@delivery/contracts';
import { createRabbitTestVhost, RabbitTestVhost, TcpProxy, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import { createUploadApp } from '../upload.app';
import { parseUploadConfig } from '../upload.config';

export const BASE = '/product-upload/v1';
const PROCESS_CODE = /Process code: ([0-9a-f-]{36})$/;

export interface PipelineOptions {
  /** Put the upload service's broker connection behind a TcpProxy (Q2.1). */
  readonly brokerProxy?: boolean;
  /** Put the worker's database connection behind a TcpProxy (Q2.3). */
  readonly databaseProxy?: boolean;
  readonly uploadEnv?: Record<string, string>;
  readonly workerEnv?: Record<string, string>;
}

/**
 * The product pipeline for end-to-end tests, on a database and a vhost of the test file's own: the upload service
 * in-process (supertest), the worker as a real process (`main.ts`, as Kubernetes runs it, so it can be killed).
 */
export class PipelineHarness {
  worker: AppProcess | undefined;
  private tokens = new Map<string, string>();
  private sql: Client | undefined;

  private constructor(
    readonly upload: NestExpressApplication,
    readonly database: TestDatabase,
    readonly rabbit: RabbitTestVhost,
    readonly brokerProxy: TcpProxy | undefined,
    readonly databaseProxy: TcpProxy | undefined,
    private readonly workerEnv: Record<string, string>,
  ) {}

  static async start(options: PipelineOptions = {}, withWorker = true): Promise<PipelineHarness> {
    const [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    const brokerProxy = options.brokerProxy ? await TcpProxy.start(rabbit.url) : undefined;
    const databaseProxy = options.databaseProxy ? await TcpProxy.start(database.url) : undefined;
    const upload = await createUploadApp(
      parseUploadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        AMQP_URL: brokerProxy ? brokerProxy.urlFor(rabbit.url) : rabbit.url,
        JWT_SECRET: TEST_JWT_SECRET,
        ...options.uploadEnv,
      }),
    );
    await upload.init();
    const workerEnv = {
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseProxy ? databaseProxy.urlFor(database.url) : database.url,
      AMQP_URL: rabbit.url,
      ...options.workerEnv,
    };
    const harness = new PipelineHarness(upload, database, rabbit, brokerProxy, databaseProxy, workerEnv);
    await harness.waitUntilUploadReady();
    if (withWorker) await harness.startWorker();
    return harness;
  }

  async startWorker(): Promise<AppProcess> {
    this.worker = await startAppProcess('apps/product-ingest-worker/src/main.ts', this.workerEnv);
    await this.worker.waitUntilReady(30_000);
    return this.worker;
  }

  async waitUntilUploadReady(): Promise<void> {
    await waitFor(
      async () => (await request(this.upload.getHttpServer()).get('/health/ready')).status === 200,
      15_000,
      'upload service ready',
    );
  }

  async token(scope: string): Promise<string> {
    let token = this.tokens.get(scope);
    if (!token) {
      token = bearer(await mintToken({ scopes: [scope], expiresIn: 3600 }));
      this.tokens.set(scope, token);
    }
    return token;
  }

  async post(body: unknown, scope = 'products:write'): Promise<request.Response> {
    return request(this.upload.getHttpServer())
      .post(`${BASE}/load-products`)
      .set('Authorization', await this.token(scope))
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  /** Uploads `body` and returns the process code of the 200 answer. */
  async accept(body: unknown): Promise<string> {
    const res = await this.post(body);
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
    return PROCESS_CODE.exec(res.body.message as string)?.[1] as string;
  }

  /**
   * Accepts `uploads` uploads of 3000 products each (distinct codes) and waits until the worker has persisted some
   * of them: the pipeline is mid-stream when this returns. Their process codes, in order.
   */
  async acceptMidStream(uploads: number): Promise<string[]> {
    const codes: string[] = [];
    for (let n = 0; n < uploads; n++) codes.push(await this.accept(exampleUpload(3000, 1 + n * 3000)));
    await waitFor(async () => {
      const [{ count }] = await this.query<{ count: string }>('SELECT count(*) FROM products');
      return Number(count) > 0;
    }, 30_000);
    return codes;
  }

  async status(processCode: string): Promise<request.Response> {
    return request(this.upload.getHttpServer())
      .get(`${BASE}/load-products/${processCode}`)
      .set('Authorization', await this.token('products:read'));
  }

  /** Polls the status until every batch is settled. */
  async settled(processCode: string, timeoutMs = 30_000): Promise<UploadStatusResponse> {
    return waitFor(
      async () => {
        const res = await this.status(processCode);
        const body = res.body as UploadStatusResponse;
        return res.status === 200 && !['RECEIVED', 'PROCESSING'].includes(body.status) && body;
      },
      timeoutMs,
      `upload ${processCode} settled`,
    );
  }

  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    if (!this.sql) {
      this.sql = new Client({ connectionString: this.database.url });
      await this.sql.connect();
    }
    return (await this.sql.query(text, params)).rows as T[];
  }

  async close(): Promise<void> {
    await this.worker?.stop();
    await this.upload.close();
    await this.sql?.end();
    await this.brokerProxy?.close();
    await this.databaseProxy?.close();
    await Promise.all([this.database.drop(), this.rabbit.dispose()]);
  }
}
