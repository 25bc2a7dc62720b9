import './instrument';
import { listenWithGracefulShutdown, loadConfigOrExit } from '@delivery/platform';
import { createWorkerApp } from './worker.app';
import { parseWorkerConfig } from './worker.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(() => parseWorkerConfig(process.env));
  await listenWithGracefulShutdown(await createWorkerApp(config), config);
}

main().catch((error: unknown) => {
  console.error('product-ingest-worker failed to start:', error);
  process.exit(1);
});
