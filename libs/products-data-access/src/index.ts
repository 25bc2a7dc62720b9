export * from './product-upsert.repository';
export * from './product.repository';
export * from './upload-status.reader';
