import { MAX_PRODUCTS_PER_UPLOAD } from './product.schema';

/** The texts of the upload contract's answers (the upload API contract, product-pipeline.md P1). */
export const LoadProductsMessages = {
  accepted: (accepted: number, rejected: number, processCode: string) =>
    `${accepted} products are being processed (${rejected} rejected). Process code: ${processCode}`,
  tooMany: `The maximum number of products per upload is ${MAX_PRODUCTS_PER_UPLOAD}`,
  notAnObject: 'The body must be a JSON object with a "products" array',
  notAnArray: 'The "products" field must be an array of products',
  empty: 'The "products" array must not be empty',
  noneValid: (rejected: number, quoted: string) => `No product is valid (${rejected} rejected): ${quoted}`,
  publishFailed: 'The message could not be sent to the messaging system',
  malformedProcessCode: 'The process code must be a UUID',
  unknownProcessCode: (processCode: string) =>
    `No upload is known with process code ${processCode} (an upload is recorded moments after it is accepted)`,
} as const;
