import './instrument';
import { listenWithGracefulShutdown, loadConfigOrExit } from '@delivery/platform';
import { createUploadApp } from './upload.app';
import { parseUploadConfig } from './upload.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(() => parseUploadConfig(process.env));
  await listenWithGracefulShutdown(await createUploadApp(config), config);
}

main().catch((error: unknown) => {
  console.error('product-upload-service failed to start:', error);
  process.exit(1);
});
