export * from './product-batch.writer';
export * from './product-upload.repository';
export * from './product-upsert.repository';
export * from './sql-executor';
export * from './upload-status';
export * from './upload-status.reader';
