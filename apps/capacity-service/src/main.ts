import './instrument';
import { listenWithGracefulShutdown, loadConfigOrExit } from '@delivery/platform';
import { createCapacityApp } from './capacity.app';
import { parseCapacityConfig } from './shared';

async function main(): Promise<void> {
  const config = loadConfigOrExit(() => parseCapacityConfig(process.env));
  await listenWithGracefulShutdown(await createCapacityApp(config), config);
}

main().catch((error: unknown) => {
  console.error('capacity-service failed to start:', error);
  process.exit(1);
});
