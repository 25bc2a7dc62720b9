import fs from 'node:fs';
import path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';

/**
 * Swagger UI as a developer uses it, in a real browser (Debian's Chromium): open `{base}/docs`, authorize with a
 * token, "Try it out" on the main operation with its example, and see a 200 in the page. Screenshots are kept
 * under test-output/swagger-ui/.
 */
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = path.resolve(__dirname, '../../test-output/swagger-ui');
const demoConfiguration = fs.readFileSync(path.resolve(__dirname, '../demo/configuration.json'), 'utf8');

async function authorize(page: Page, token: string): Promise<void> {
  await page.locator('button.authorize').first().click();
  const bearerBox = page
    .locator('.auth-container')
    .filter({ hasText: /bearer/i })
    .first();
  await bearerBox.locator('input').first().fill(token);
  await bearerBox.locator('button.authorize').click();
  await page.locator('button.btn-done').first().click();
}

/** Expands the operation, presses "Try it out" and "Execute" (with the example chosen), returns the status shown. */
async function tryItOut(page: Page, method: string, routePath: string, example?: string): Promise<string> {
  const operation = page
    .locator(`.opblock-${method}`)
    .filter({ has: page.locator(`[data-path="${routePath}"]`) });
  await operation.locator('.opblock-summary').first().click();
  await operation.locator('button.try-out__btn').click();
  if (example)
    await operation.locator('.opblock-section-request-body .examples-select select').selectOption(example);
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor({ timeout: 15_000 });
  return (await status.innerText()).trim();
}

describe('Swagger UI in a real browser', () => {
  let browser: Browser;
  let database: TestDatabase;
  let vhost: RabbitTestVhost;
  let capacity: AppProcess;
  let upload: AppProcess;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run installs it)`);
    fs.mkdirSync(SHOTS, { recursive: true });
    database = await createTestDatabase();
    vhost = await createRabbitTestVhost();
    const env = { DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' };
    [capacity, upload] = await Promise.all([
      startAppProcess('apps/capacity-service/src/main.ts', env),
      startAppProcess('apps/product-upload-service/src/main.ts', { ...env, AMQP_URL: vhost.url }),
    ]);
    await Promise.all([capacity.waitUntilReady(), upload.waitUntilReady()]);
    const put = await fetch(`${capacity.url}/capacity/v1/configuration`, {
      method: 'PUT',
      headers: {
        Authorization: bearer(await mintToken({ scopes: ['configuration:write'] })),
        'Content-Type': 'application/json',
      },
      body: demoConfiguration,
    });
    expect(put.status).toBe(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([capacity?.stop(), upload?.stop()]);
    await vhost?.dispose();
    await database?.drop();
  });

  it('capacity-service: authorize, try POST /delivery/capacity with the layout A example, 200', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${capacity.url}/capacity/v1/docs`);
    await page.locator('.opblock').first().waitFor();
    await authorize(page, await mintToken({ scopes: ['capacity:calculate'] }));
    const status = await tryItOut(page, 'post', '/capacity/v1/delivery/capacity', 'layoutA');
    await page.screenshot({ path: path.join(SHOTS, 'capacity-service.png'), fullPage: true });
    expect(status).toBe('200');
    await expect(page.locator('.live-responses-table .microlight').first().innerText()).resolves.toContain(
      '"logisticsCapacity"',
    );
    await page.close();
  }, 60_000);

  it('product-upload-service: authorize, try POST /load-products with the small example, 200', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${upload.url}/product-upload/v1/docs`);
    await page.locator('.opblock').first().waitFor();
    await authorize(page, await mintToken({ scopes: ['products:write'] }));
    const status = await tryItOut(page, 'post', '/product-upload/v1/load-products');
    await page.screenshot({ path: path.join(SHOTS, 'product-upload-service.png'), fullPage: true });
    expect(status).toBe('200');
    await expect(page.locator('.live-responses-table .microlight').first().innerText()).resolves.toMatch(
      /products are being processed .*Process code: [0-9a-f-]{36}/,
    );
    await page.close();
  }, 60_000);
});
