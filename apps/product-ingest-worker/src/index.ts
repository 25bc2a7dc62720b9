/** What tools may use of product-ingest-worker (through the `@delivery/product-ingest-worker` alias). */
export { createWorkerApp } from './worker.app';
export { parseWorkerConfig } from './worker.config';
