/** A rejected product (its reasons) or a warning about an accepted one, as the upload status lists them. */
export interface ProductIssue {
  /** 0-based position in the uploaded `products` array. */
  index: number;
  /** The product's code when it has one. */
  productCode: string | null;
  /** Each names the field, e.g. `barcodes[0].eanCode: is required`. */
  reasons: string[];
}
