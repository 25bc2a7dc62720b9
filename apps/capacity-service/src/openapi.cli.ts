import fs from 'node:fs';
import path from 'node:path';
import { buildCapacityOpenApi, OPENAPI_FILE, openApiText } from './capacity.openapi';

/**
 * `npx nx run capacity-service:openapi`: writes the OpenAPI document capacity-service serves to
 * apps/capacity-service/openapi.json (openapi.e2e-spec.ts fails when the committed file and the app disagree).
 */
async function main(): Promise<void> {
  const file = path.resolve(__dirname, '../../..', OPENAPI_FILE);
  fs.writeFileSync(file, openApiText(await buildCapacityOpenApi()));
  console.log(`wrote ${OPENAPI_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
