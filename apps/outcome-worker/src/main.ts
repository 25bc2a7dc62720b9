import './instrument';
import { listenWithGracefulShutdown, loadConfigOrExit } from '@delivery/platform';
import { createOutcomeWorkerApp } from './worker.app';
import { parseOutcomeWorkerConfig } from './worker.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(() => parseOutcomeWorkerConfig(process.env));
  await listenWithGracefulShutdown(await createOutcomeWorkerApp(config), config);
}

main().catch((error: unknown) => {
  console.error('outcome-worker failed to start:', error);
  process.exit(1);
});
