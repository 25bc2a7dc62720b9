/**
 * The product messages, their schemas and validators, without the HTTP bodies (whose Swagger decorators only the
 * services load): what the worker and the products' data access import, as `@delivery/contracts/messages`.
 */
export * from './business-date-time';
export * from './json-schema.types';
export * from './load-products.messages';
export * from './product-issue';
export * from './product-message.schema';
export * from './product-message.validator';
export * from './product.schema';
export * from './product.validator';
export * from './product.examples';
