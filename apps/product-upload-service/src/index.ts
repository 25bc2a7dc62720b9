/** What tools may use of product-upload-service (through the `@delivery/product-upload-service` alias). */
export { createUploadApp } from './upload.app';
export { parseUploadConfig } from './upload.config';
