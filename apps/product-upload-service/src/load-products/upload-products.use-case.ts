import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LoadProductsMessages, ProductValidator, type Product, type ProductIssue } from '@delivery/contracts';
import { describeError } from '@delivery/messaging';
import { ApiError, LogContext } from '@delivery/platform';
import type { UploadedProducts } from './load-products-body.pipe';
import { UPLOAD_PUBLISHER, type UploadPublisher, type ValidatedUpload } from './upload-publisher.port';
import { UploadMetrics } from './upload.metrics';
import type { UploadErrorCode } from './upload.error-codes';

export interface UploadAccepted {
  readonly processCode: string;
  readonly accepted: number;
  readonly rejected: number;
}

const QUOTED_PRODUCTS = 3;
const QUOTED_REASONS = 3;
/** Products read and validated between two turns of the event loop: at most this many, or about this many bytes. */
const VALIDATION_SLICE = 500;
const VALIDATION_SLICE_BYTES = 512 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * P1: the uploaded products (their envelope read by `LoadProductsBodyPipe`), per-product rules (compiled
 * validator), then every message published and confirmed before the answer (the `UploadPublisher` port). No Postgres
 * here: the worker records the upload when it takes the manifest.
 *
 * Work is cut into slices (products parsed ~512 KiB at a time, validated ≤ 500 or ~512 KiB at a time, then one
 * message at a time) with the event loop running between them, so one large upload does not hold up other
 * requests; batches copy the products' uploaded bytes instead of serialising them again.
 */
@Injectable()
export class UploadProductsUseCase {
  private readonly logger = new Logger(UploadProductsUseCase.name);

  constructor(
    private readonly validator: ProductValidator,
    @Inject(UPLOAD_PUBLISHER) private readonly publisher: UploadPublisher,
    private readonly metrics: UploadMetrics,
    private readonly logContext: LogContext,
  ) {}

  async execute(products: UploadedProducts): Promise<UploadAccepted> {
    const { acceptedIndexes, rejected, warnings } = await this.validate(products);
    products.release();
    if (acceptedIndexes.length === 0) {
      this.metrics.recordUpload('all_rejected', products.length, rejected.length);
      throw new ApiError<UploadErrorCode>(
        400,
        'VALIDATION_ERROR',
        LoadProductsMessages.noneValid(rejected.length, quote(rejected)),
      );
    }
    const processCode = randomUUID();
    this.logContext.assign({ processCode });
    const upload: ValidatedUpload = {
      processCode,
      receivedAt: new Date().toISOString(),
      received: products.length,
      accepted: acceptedIndexes,
      rejected,
      warnings,
      product: (index) => products.product(index) as Product,
      source: (index) => products.source(index),
    };
    try {
      await this.publisher.publish(upload);
    } catch (error) {
      this.metrics.recordUpload('publish_failed', products.length, rejected.length);
      this.logger.warn(`upload ${processCode} not published: ${describeError(error)}`);
      throw new ApiError<UploadErrorCode>(
        500,
        'PUBLISH_FAILED',
        LoadProductsMessages.publishFailed,
        {},
        true,
      );
    }
    this.metrics.recordUpload('accepted', products.length, rejected.length);
    return { processCode, accepted: acceptedIndexes.length, rejected: rejected.length };
  }

  private async validate(products: UploadedProducts) {
    const validation = this.validator.begin();
    let sliceProducts = 0;
    let sliceBytes = 0;
    for (let index = 0; index < products.length; index++) {
      if (sliceProducts >= VALIDATION_SLICE || sliceBytes >= VALIDATION_SLICE_BYTES) {
        await nextTurn();
        sliceProducts = 0;
        sliceBytes = 0;
      }
      validation.add(products.product(index), index);
      sliceProducts += 1;
      sliceBytes += products.sourceLength(index) ?? 0;
    }
    return validation.result();
  }
}

/** The first products' reasons, with their index and code. */
function quote(rejected: readonly ProductIssue[]): string {
  const quoted = rejected.slice(0, QUOTED_PRODUCTS).map(({ index, productCode, reasons }) => {
    const shown = reasons.slice(0, QUOTED_REASONS).join(', ');
    const more = reasons.length > QUOTED_REASONS ? ` (+${reasons.length - QUOTED_REASONS} more)` : '';
    return `products[${index}]${productCode === null ? '' : ` (${productCode})`}: ${shown}${more}`;
  });
  const rest = rejected.length > QUOTED_PRODUCTS ? `; … ${rejected.length - QUOTED_PRODUCTS} more` : '';
  return `${quoted.join('; ')}${rest}`;
}
