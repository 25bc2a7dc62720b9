import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer, mintToken } from '@delivery/auth/testing';
import { startUploadTestApp, type UploadTestApp } from '../testing/upload-test-app';

/**
 * How the upload service reads its input: any JSON value is a body, and one that is not the envelope object gets
 * the envelope's 400 (not "not valid JSON"); the process code of the path is checked before any read.
 */
const BASE = '/product-upload/v1/load-products';

describe('upload input: bodies and path parameters', () => {
  let t: UploadTestApp;
  let server: App;
  const token = (scope: string) => mintToken({ scopes: [scope], expiresIn: 3600 }).then(bearer);

  beforeAll(async () => {
    t = await startUploadTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t.close());

  it('a JSON body that is not an object (null, a string, a number) is answered as a body without products', async () => {
    const auth = await token('products:write');
    for (const body of ['null', '"x"', '5', '[]']) {
      const res = await request(server)
        .post(BASE)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(body);
      expect([body, res.status, res.body]).toEqual([
        body,
        400,
        { message: 'The body must be a JSON object with a "products" array' },
      ]);
    }
    const notJson = await request(server)
      .post(BASE)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send("'x'");
    expect([notJson.status, notJson.body]).toEqual([400, { message: 'The body is not valid JSON' }]);
  });

  it('a process code that is not a UUID is a 400, a UUID of no upload a 404, in any case', async () => {
    const auth = await token('products:read');
    const status = (code: string) => request(server).get(`${BASE}/${code}`).set('Authorization', auth);
    const malformed = await status('0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a1');
    expect([malformed.status, malformed.body]).toEqual([400, { message: 'The process code must be a UUID' }]);
    const unknown = await status('0B0F6A0E-8D1C-4C55-9F1C-6D0B7F2F8A11');
    expect([unknown.status, unknown.body]).toEqual([
      404,
      {
        message:
          'No upload is known with process code 0B0F6A0E-8D1C-4C55-9F1C-6D0B7F2F8A11 (an upload is recorded ' +
          'moments after it is accepted)',
      },
    ]);
  });
});
