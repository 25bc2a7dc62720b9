import { deriveUploadStatus, type UploadCounters } from './upload-status';

const upload = (overrides: Partial<UploadCounters>): UploadCounters => ({
  manifestRecorded: true,
  batchTotal: 2,
  batchDone: 2,
  rejected: 0,
  persisted: 1000,
  skippedStale: 0,
  unchanged: 0,
  failed: 0,
  ...overrides,
});

describe('P4 status lifecycle', () => {
  it.each<[string, Partial<UploadCounters>, string]>([
    ['nothing settled yet', { batchDone: 0, persisted: 0 }, 'RECEIVED'],
    ['some batches settled', { batchDone: 1, persisted: 500 }, 'PROCESSING'],
    ['every batch settled before the manifest', { manifestRecorded: false }, 'PROCESSING'],
    ['every batch done, nothing rejected or failed', {}, 'COMPLETED'],
    ['stale products are not errors', { persisted: 0, skippedStale: 1000 }, 'COMPLETED'],
    ['unchanged products are not errors', { persisted: 0, unchanged: 1000 }, 'COMPLETED'],
    [
      'a batch failed, the other unchanged',
      { persisted: 0, unchanged: 500, failed: 500 },
      'COMPLETED_WITH_ERRORS',
    ],
    ['some products rejected', { rejected: 3 }, 'COMPLETED_WITH_ERRORS'],
    ['a batch failed', { persisted: 500, failed: 500 }, 'COMPLETED_WITH_ERRORS'],
    ['nothing could be persisted', { persisted: 0, failed: 1000 }, 'FAILED'],
  ])('%s → %s', (_case, overrides, status) => {
    expect(deriveUploadStatus(upload(overrides))).toBe(status);
  });
});
