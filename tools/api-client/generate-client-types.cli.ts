import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The committed OpenAPI document of each service, and where its generated client types live. */
export const CLIENT_TYPES = [
  {
    document: 'apps/capacity-service/openapi.json',
    types: 'libs/api-client/src/generated/capacity-service.ts',
  },
  {
    document: 'apps/product-upload-service/openapi.json',
    types: 'libs/api-client/src/generated/product-upload-service.ts',
  },
] as const;

/** What openapi-typescript writes for one document (its command line, as a client team would run it). */
export function generateTypes(document: string): string {
  const cli = path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
  return execFileSync(process.execPath, [cli, path.join(ROOT, document)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `npm run generate:api-client`: rewrites libs/api-client/src/generated/*.ts from the committed documents. */
function main(): void {
  for (const { document, types } of CLIENT_TYPES) {
    fs.mkdirSync(path.dirname(path.join(ROOT, types)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, types), generateTypes(document));
    console.log(`wrote ${types} from ${document}`);
  }
}

if (require.main === module) main();
