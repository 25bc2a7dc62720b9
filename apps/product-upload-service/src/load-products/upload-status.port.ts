import type { UploadRecord } from '@delivery/products-domain';

/** What the status query needs of storage (bound in load-products.module.ts). */
export const UPLOAD_RECORDS = Symbol('UPLOAD_RECORDS');

export interface UploadRecords {
  /** The upload as the worker recorded it; undefined when it has no record (yet). */
  find(processCode: string): Promise<UploadRecord | undefined>;
}
