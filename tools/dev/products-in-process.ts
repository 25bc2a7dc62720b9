import type { INestApplication } from '@nestjs/common';
import { InMemoryBroker } from '@delivery/messaging';
import { loadConfigOrExit, shutdown, type PlatformEnv } from '@delivery/platform';
import { createWorkerApp, parseWorkerConfig } from '@delivery/product-ingest-worker';
import { createUploadApp, parseUploadConfig } from '@delivery/product-upload-service';

/**
 * The no-broker dev mode of `npm start`: the upload service (UPLOAD_PORT, default 3001) and the worker
 * (WORKER_PORT, default 3002) in ONE process, sharing an in-memory broker. Queued batches live in this process
 * only. SIGTERM/SIGINT stop the upload service first (no new uploads), then the worker (drains its batches).
 */
async function main(): Promise<void> {
  const { UPLOAD_PORT, WORKER_PORT, UPLOAD_BASE_PATH, ...env } = process.env;
  const uploadConfig = loadConfigOrExit(() =>
    parseUploadConfig({ ...env, PORT: UPLOAD_PORT ?? '3001', BASE_PATH: UPLOAD_BASE_PATH }),
  );
  const workerConfig = loadConfigOrExit(() => parseWorkerConfig({ ...env, PORT: WORKER_PORT ?? '3002' }));
  const broker = new InMemoryBroker();
  const worker = await createWorkerApp(workerConfig, { broker });
  const upload = await createUploadApp(uploadConfig, { broker });
  await worker.listen(workerConfig.PORT);
  await upload.listen(uploadConfig.PORT);
  console.log(
    `product-upload-service :${uploadConfig.PORT} and product-ingest-worker :${workerConfig.PORT} share an in-memory broker`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping the upload service, then the worker`);
    const bound = Math.max(uploadConfig.SHUTDOWN_TIMEOUT_MS, workerConfig.SHUTDOWN_TIMEOUT_MS);
    setTimeout(() => process.exit(1), bound).unref();
    const steps: [INestApplication, PlatformEnv][] = [
      [upload, uploadConfig],
      [worker, workerConfig],
    ];
    for (const [app, config] of steps) await shutdown(app, config);
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error('products (in-process) failed to start:', error);
  process.exit(1);
});
