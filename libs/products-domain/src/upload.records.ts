/**
 * An upload as the product pipeline records it (product-pipeline.md P3, P4): the counts every message carries, what
 * one batch did, how a delivered message is claimed, a message that can never be processed, the upload's record.
 */
import type { ProductIssue } from '@delivery/contracts/messages';

/** The counts every message of an upload carries. */
export interface UploadSummary {
  readonly processCode: string;
  readonly received: number;
  readonly accepted: number;
  readonly rejected: number;
  /** Product batches (the manifest not counted). */
  readonly batchCount: number;
}

/** What one batch's products became. */
export interface BatchResult {
  readonly persisted: number;
  /** Identical to the stored product: nothing written. */
  readonly unchanged: number;
  /** A strictly newer product was stored: left as it is. */
  readonly skippedStale: number;
}

/** A delivered message: `new`, `done` (settled before: nothing to do) or `replay` (it had failed before). */
export type Claim = 'new' | 'replay' | 'done';

/** P3.3: a message that can never be processed, known from its headers only. */
export interface FailedMessage {
  processCode: string;
  batchIndex: number;
  batchCount: number;
  products: number;
  reason: string;
}

/** P4: an upload as the worker recorded it. */
export interface UploadRecord {
  processCode: string;
  received: number;
  accepted: number;
  rejected: number;
  batchTotal: number;
  batchDone: number;
  persisted: number;
  skippedStale: number;
  unchanged: number;
  failed: number;
  manifestRecorded: boolean;
  errors: ProductIssue[];
  warnings: ProductIssue[];
  failedBatches: { batchIndex: number; products: number; reason: string }[];
  createdAt: Date;
  updatedAt: Date;
}
