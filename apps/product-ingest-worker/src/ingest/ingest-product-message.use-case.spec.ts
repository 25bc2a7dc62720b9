import {
  exampleProduct,
  PRODUCT_MESSAGE_SCHEMA_VERSION,
  ProductMessageValidator,
  type Product,
} from '@delivery/contracts/messages';
import { MetricsService } from '@delivery/platform';
import type { Claim, PreparedProducts, StoredState } from '@delivery/products-domain';
import type { DatabaseOutageMonitor } from './database-outage.monitor';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';
import { IngestMetrics } from './ingest.metrics';
import type { ProductStore, ProductSteps } from './product-store.port';

const PROCESS = '3b0670aa-1111-4222-8333-444455556666';
const UPLOAD = { processCode: PROCESS, received: 3, accepted: 3, rejected: 0, batchCount: 1 };

/** The product port in memory: products by code with their content hash; every step recorded. */
class FakeProductStore implements ProductStore {
  readonly hashes = new Map<string, string>();
  readonly steps: unknown[][] = [];
  claim: Claim = 'new';
  contentHash = (product: Product): string => JSON.stringify(product);
  async storedState(codes: readonly string[], hashes: readonly string[]): Promise<StoredState> {
    const state = new Map<string, boolean>();
    codes.forEach((code, i) => {
      if (this.hashes.has(code)) state.set(code, this.hashes.get(code) === hashes[i]);
    });
    return state;
  }
  prepare(batch: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts {
    const codes = batch.map((product) => product.productCode);
    return {
      codes,
      stored: codes.map((code) => state.has(code)),
      productColumns: [...hashes],
      childColumns: [],
    };
  }
  async transaction<T>(work: (steps: ProductSteps) => Promise<T>): Promise<T> {
    return work({
      claim: async (...args) => (this.steps.push(['claim', ...args]), this.claim),
      recordManifest: async (...args) => void this.steps.push(['recordManifest', ...args]),
      upsert: async (processCode, prepared) => {
        this.steps.push(['upsert', processCode, prepared.codes]);
        prepared.codes.forEach((code, i) => this.hashes.set(code, prepared.productColumns[i]));
        return new Set(prepared.codes);
      },
      recordBatch: async (...args) => void this.steps.push(['recordBatch', ...args]),
      recordFailure: async (failure) => (this.steps.push(['recordFailure', failure]), true),
    });
  }
}

describe('IngestProductMessageUseCase', () => {
  let store: FakeProductStore;
  let ingest: IngestProductMessageUseCase;
  const reported: unknown[] = [];
  beforeEach(() => {
    store = new FakeProductStore();
    const outage = { report: (error: unknown) => reported.push(error) } as unknown as DatabaseOutageMonitor;
    ingest = new IngestProductMessageUseCase(
      new ProductMessageValidator('America/Lima'),
      store,
      outage,
      new IngestMetrics(new MetricsService()),
    );
  });
  const writeBatch = async (batch: Product[]) => ingest.write(UPLOAD, 0, await ingest.prepare(batch));

  it('keeps the newest of each productCode, writes the others in one claimed transaction and records the result', async () => {
    const older = exampleProduct(1, { dateUpdate: '2026-01-01T00:00:00Z' });
    const newer = exampleProduct(1, { dateUpdate: '2026-02-01T00:00:00Z', description: 'newer' });
    const outcome = await writeBatch([older, newer, exampleProduct(2)]);
    expect(outcome).toEqual({ applied: true, persisted: 2, unchanged: 0, skippedStale: 1 });
    expect(store.steps).toEqual([
      ['claim', PROCESS, 0, 3],
      ['upsert', PROCESS, ['P-000001', 'P-000002']],
      ['recordBatch', UPLOAD, 0, { persisted: 2, unchanged: 0, skippedStale: 1 }],
    ]);
    expect(store.hashes.get('P-000001')).toBe(JSON.stringify(newer));
  });

  it('sets aside products identical to their stored row: not written, counted unchanged', async () => {
    await writeBatch([exampleProduct(1), exampleProduct(2)]);
    store.steps.length = 0;
    const outcome = await writeBatch([exampleProduct(1), exampleProduct(2, { description: 'renamed' })]);
    expect(outcome).toEqual({ applied: true, persisted: 1, unchanged: 1, skippedStale: 0 });
    expect(store.steps[1]).toEqual(['upsert', PROCESS, ['P-000002']]);
  });

  it('writes nothing for a message settled before (a redelivery)', async () => {
    store.claim = 'done';
    expect(await writeBatch([exampleProduct(1)])).toEqual({
      applied: false,
      persisted: 0,
      unchanged: 0,
      skippedStale: 0,
    });
    expect(store.steps).toEqual([['claim', PROCESS, 0, 1]]);
  });

  /** A delivered message as the consumer reads it from its headers. */
  const command = (body: unknown, headers: { processCode?: string } = { processCode: PROCESS }) => ({
    body,
    messageId: 'm-1',
    processCode: headers.processCode,
    batchIndex: 2,
    batchCount: 4,
    productCount: 10,
  });

  it('records a message that does not match its schema as failed, under what its headers say, and answers invalid', async () => {
    const outcome = await ingest.execute(command({ kind: 'batch' }));
    if (outcome.valid) throw new Error('a batch without its fields validated');
    expect(outcome.reason).toBe('batch: schemaVersion: is required');
    expect(store.steps).toEqual([
      [
        'recordFailure',
        { processCode: PROCESS, batchIndex: 2, batchCount: 4, products: 10, reason: outcome.reason },
      ],
    ]);
    expect(reported).toEqual([]);
  });

  it('records nothing for an invalid message without a usable process code (the dead letter is its record)', async () => {
    expect((await ingest.execute(command({ kind: 'batch' }, { processCode: 'not-a-uuid' }))).valid).toBe(
      false,
    );
    expect((await ingest.execute(command('x', {}))).valid).toBe(false);
    expect(store.steps).toEqual([]);
  });

  it('records a valid manifest once per upload, under its own counts', async () => {
    const manifest = {
      kind: 'manifest',
      schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
      processCode: PROCESS,
      received: 3,
      accepted: 3,
      rejected: 0,
      batchCount: 1,
      receivedAt: '2026-11-25T09:00:00.000Z',
      errors: [],
      warnings: [],
    };
    expect(await ingest.execute(command(manifest))).toEqual({ valid: true });
    expect(store.steps).toEqual([
      ['claim', PROCESS, 0, 0],
      ['recordManifest', UPLOAD, '2026-11-25T09:00:00.000Z', [], []],
    ]);
  });

  it('reports a failing store to the outage monitor and lets the error reach the transport', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    store.transaction = () => Promise.reject(down);
    await expect(ingest.execute(command({ kind: 'batch' }))).rejects.toBe(down);
    expect(reported).toEqual([down]);
  });
});
