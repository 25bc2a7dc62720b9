export * from './messages';
export * from './openapi-schema';
export * from './upload-status.dto';
export * from './upload-status.request';
export * from './upload-accepted.dto';
