import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { schemaProblem } from '../validation.vocabulary';
import {
  productBatchMessageSchema,
  productManifestMessageSchema,
  type ProductBatchMessage,
  type ProductManifestMessage,
  type ProductMessage,
} from './product-message.schema';
import { ProductValidator } from './product.validator';

export type MessageCheck = { ok: true; message: ProductMessage } | { ok: false; reason: string };

const MAX_QUOTED = 5;

/**
 * The worker's check of a consumed message (a queue message never passes a ValidationPipe): the
 * message schema of its kind, compiled once, then every product of a batch against the same rules as the upload.
 */
export class ProductMessageValidator {
  private readonly manifest: ValidateFunction<ProductManifestMessage>;
  private readonly batch: ValidateFunction<ProductBatchMessage>;
  private readonly products: ProductValidator;

  constructor(timeZone: string) {
    const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
    this.manifest = ajv.compile<ProductManifestMessage>(productManifestMessageSchema);
    // products are checked one by one below, with the upload's reasons (`products[1]: price: must be a number`)
    const envelope = { type: 'array', minItems: 1 } as const;
    this.batch = ajv.compile<ProductBatchMessage>({
      ...productBatchMessageSchema,
      properties: { ...productBatchMessageSchema.properties, products: envelope },
    });
    this.products = new ProductValidator(timeZone);
  }

  check(body: unknown): MessageCheck {
    const kind = (body as { kind?: unknown } | null)?.kind;
    if (kind === 'manifest') {
      return this.manifest(body)
        ? { ok: true, message: body }
        : {
            ok: false,
            reason: `manifest: ${worded(this.manifest.errors ?? [])}`,
          };
    }
    if (kind !== 'batch') return { ok: false, reason: 'kind: must be "manifest" or "batch"' };
    if (!this.batch(body)) {
      return { ok: false, reason: `batch: ${worded((this.batch.errors ?? []).slice(0, MAX_QUOTED))}` };
    }
    if (body.indexes.length !== body.products.length)
      return { ok: false, reason: 'batch: indexes and products differ in length' };
    const problems: string[] = [];
    body.products.forEach((product, position) => {
      if (problems.length >= MAX_QUOTED) return;
      const reasons = this.products.reasons(product);
      if (reasons.length > 0) problems.push(`products[${position}]: ${reasons.join(', ')}`);
    });
    return problems.length
      ? { ok: false, reason: `batch: ${problems.join('; ')}` }
      : { ok: true, message: body };
  }
}

/** Schema errors in the project's words (`schemaVersion: is required`), on one line. */
function worded(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => {
      const problem = schemaProblem(error);
      return `${problem.field || 'message'}: ${problem.message}`;
    })
    .join('; ');
}
