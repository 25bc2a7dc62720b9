import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_TYPES, generateTypes } from './generate-client-types.cli';

/**
 * The client types in libs/api-client are what openapi-typescript makes of the committed OpenAPI documents. When
 * this fails, a document changed: run `npm run generate:api-client` and review the diff.
 */
describe('generated API client types', () => {
  it.each(CLIENT_TYPES)('$types matches $document', ({ document, types }) => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../..', types), 'utf8');
    expect(generateTypes(document)).toBe(committed);
  });
});
