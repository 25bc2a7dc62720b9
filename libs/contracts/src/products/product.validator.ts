import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { BusinessDateTime } from './business-date-time';
import type { ProductIssue } from './product-issue';
import { NOT_STORABLE, schemaProblem } from '../validation.vocabulary';
import {
  DATE_UPDATE_PATTERN,
  productSchema,
  RECOMMENDED_DESCRIPTION_LENGTH,
  STORABLE_TEXT_PATTERN,
  type Product,
} from './product.schema';

/** Reasons kept per product; the rest are counted in one last reason. */
const MAX_REASONS = 10;

export interface AcceptedProduct {
  /** 0-based position in the uploaded array. */
  readonly index: number;
  readonly product: Product;
}

export interface ValidatedProducts {
  readonly accepted: AcceptedProduct[];
  readonly rejected: ProductIssue[];
  readonly warnings: ProductIssue[];
}

/**
 * P1.3, compiled once from `productSchema` (ajv, all errors collected) plus the rules a schema cannot say: a real
 * date-time in the business time zone, and a productCode repeated within one upload (the first occurrence is
 * processed, later copies are rejected). Every reason names its field: `barcodes[0].eanCode: is required`.
 */
export class ProductValidator {
  private readonly schemaCheck: ValidateFunction<Product>;
  private readonly dates: BusinessDateTime;

  constructor(timeZone: string) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, messages: false });
    this.schemaCheck = ajv.compile<Product>(productSchema);
    this.dates = new BusinessDateTime(timeZone);
  }

  /** Problems of one product, each naming its field; empty when the product is valid. */
  reasons(product: unknown): string[] {
    const reasons: string[] = [];
    if (!this.schemaCheck(product)) {
      for (const error of this.schemaCheck.errors ?? []) reasons.push(describe(error));
    }
    const dateUpdate = (product as { dateUpdate?: unknown } | null)?.dateUpdate;
    if (typeof dateUpdate === 'string' && DATE_PATTERN.test(dateUpdate)) {
      const problem = this.dates.problem(dateUpdate);
      if (problem) reasons.push(`dateUpdate: ${problem}`);
    }
    return reasons;
  }

  /** An upload's products: accepted (with their index), rejected and warnings, in upload order. */
  validateAll(products: readonly unknown[]): ValidatedProducts {
    const validation = this.begin();
    products.forEach((product, index) => validation.add(product, index));
    const { acceptedIndexes, rejected, warnings } = validation.result();
    return {
      accepted: acceptedIndexes.map((index) => ({ index, product: products[index] as Product })),
      rejected,
      warnings,
    };
  }

  /**
   * The same, one product at a time (in upload order) and without keeping the products: a caller can read each
   * product only when it checks it, let the event loop run between slices of a large upload, and keep nothing of
   * a product but its verdict. `begin()`, `add(product, index)` for each, then `result()`.
   */
  begin(): UploadValidation {
    return new UploadValidation(this);
  }
}

/** The verdicts of an upload validated product by product: accepted indexes, rejected and warnings. */
export interface UploadVerdicts {
  readonly acceptedIndexes: number[];
  readonly rejected: ProductIssue[];
  readonly warnings: ProductIssue[];
}

/** One upload being validated by `ProductValidator.begin()`: duplicates are found across every `add`. */
export class UploadValidation {
  private readonly acceptedIndexes: number[] = [];
  private readonly rejected: ProductIssue[] = [];
  private readonly warnings: ProductIssue[] = [];
  private readonly firstIndexByCode = new Map<string, number>();

  constructor(private readonly validator: ProductValidator) {}

  add(product: unknown, index: number): void {
    const reasons = this.validator.reasons(product);
    const productCode = codeOf(product);
    const shownCode =
      productCode !== null && productCode.length <= 255 && STORABLE.test(productCode) ? productCode : null;
    if (productCode !== null) {
      const first = this.firstIndexByCode.get(productCode);
      if (first === undefined) this.firstIndexByCode.set(productCode, index);
      else reasons.push(`productCode: repeats the product at index ${first} (only the first is processed)`);
    }
    if (reasons.length > 0) {
      this.rejected.push({ index, productCode: shownCode, reasons: clip(reasons) });
      return;
    }
    const valid = product as Product;
    this.acceptedIndexes.push(index);
    const length = valid.description.length;
    if (
      length > RECOMMENDED_DESCRIPTION_LENGTH &&
      [...valid.description].length > RECOMMENDED_DESCRIPTION_LENGTH
    ) {
      this.warnings.push({
        index,
        productCode: shownCode,
        reasons: [
          `description: ${[...valid.description].length} characters, over the recommended ${RECOMMENDED_DESCRIPTION_LENGTH}`,
        ],
      });
    }
  }

  result(): UploadVerdicts {
    return { acceptedIndexes: this.acceptedIndexes, rejected: this.rejected, warnings: this.warnings };
  }
}

const DATE_PATTERN = new RegExp(DATE_UPDATE_PATTERN);
const STORABLE = new RegExp(STORABLE_TEXT_PATTERN, 'u');
function codeOf(product: unknown): string | null {
  if (typeof product !== 'object' || product === null || Array.isArray(product)) return null;
  const code = Object.prototype.hasOwnProperty.call(product, 'productCode')
    ? (product as { productCode: unknown }).productCode
    : undefined;
  return typeof code === 'string' && code.length > 0 ? code : null;
}

function clip(reasons: string[]): string[] {
  if (reasons.length <= MAX_REASONS) return reasons;
  return [...reasons.slice(0, MAX_REASONS - 1), `… and ${reasons.length - MAX_REASONS + 1} more problems`];
}

const PATTERNS = {
  [DATE_UPDATE_PATTERN]: 'must be a date-time YYYY-MM-DD HH:MM:SS',
  [STORABLE_TEXT_PATTERN]: NOT_STORABLE,
};

/** An ajv error as a reason: `field: message`, a problem of the product as a whole named `product`. */
function describe(error: ErrorObject): string {
  const problem = schemaProblem(error, PATTERNS);
  return `${problem.field || 'product'}: ${problem.message}`;
}
