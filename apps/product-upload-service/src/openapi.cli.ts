import fs from 'node:fs';
import path from 'node:path';
import { buildUploadOpenApi, OPENAPI_FILE, openApiText } from './upload.openapi';

/**
 * `npx nx run product-upload-service:openapi`: writes the OpenAPI document the upload service serves to
 * apps/product-upload-service/openapi.json (openapi.e2e-spec.ts fails when the committed file and the app disagree).
 */
async function main(): Promise<void> {
  const file = path.resolve(__dirname, '../../..', OPENAPI_FILE);
  fs.writeFileSync(file, openApiText(await buildUploadOpenApi()));
  console.log(`wrote ${OPENAPI_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
