import request from 'supertest';
import type { App } from 'supertest/types';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';

/**
 * The usage gauges on /metrics (docs/operations.md): counted on a timer (every 100 ms here) by the rules of
 * `GET {base}/capacity/usage`, on the demo world at the E10 clock (Sunday 2026-11-22 12:00 Lima: offsets 0, 1, 2
 * are the 22nd, 23rd and 24th).
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';

async function gaugeLines(server: App): Promise<string[]> {
  const text = (await request(server).get('/metrics')).text;
  return text
    .split('\n')
    .filter((line) =>
      /^capacity_usage_(counters|counters_at_or_above|full_dispatch_alert_share)[{ ]/.test(line),
    )
    .sort();
}

describe('usage gauges', () => {
  let t: CapacityTestApp;
  let server: App;

  beforeAll(async () => {
    t = await startCapacityTestApp(
      { CAPACITY_USAGE_REFRESH_MS: '100', CAPACITY_FULL_DISPATCH_ALERT_PERCENT: '25' },
      { clock: E10_CLOCK },
    );
    server = t.app.getHttpServer();
  });
  afterAll(() => t.close());

  it('count the counters at or above 80, 90 and 100 % per scope and day offset', async () => {
    const document = demoConfiguration();
    document.usage = [
      { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-23', used: 200 }, // 200 of 200
      { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-E', date: '2026-11-23', used: 27 }, // 27 of 30: 90 %
      { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-E:EV', date: '2026-11-23', used: 15 }, // 15 of 15
      { scope: 'PICKING', ref: 'TD07', date: '2026-11-24', used: 41 }, // 41 of 50: 82 %
    ];
    expect((await putConfiguration(server, document)).status).toBe(200);
    const expected = [
      'capacity_usage_full_dispatch_alert_share 0.25',
      ...['PICKING', 'DISPATCH', 'WINDOW'].flatMap((scope) =>
        [0, 1, 2].map(
          (day) =>
            `capacity_usage_counters{scope="${scope}",day_offset="${day}"} ${{ PICKING: 4, DISPATCH: 6, WINDOW: 3 }[scope]}`,
        ),
      ),
      ...Object.entries({
        'PICKING 2': [1, 0, 0],
        'DISPATCH 1': [2, 2, 1],
        'WINDOW 0': [1, 1, 1], // the AM window of today has started at 12:00: blocked, so full
        'WINDOW 1': [1, 1, 1],
      }).flatMap(([key, counts]) => {
        const [scope, day] = key.split(' ');
        return ['0.8', '0.9', '1'].map(
          (level, i) =>
            `capacity_usage_counters_at_or_above{scope="${scope}",day_offset="${day}",utilization="${level}"} ${counts[i]}`,
        );
      }),
    ];
    const deadline = Date.now() + 10_000;
    let lines = await gaugeLines(server);
    while (
      !lines.includes(
        'capacity_usage_counters_at_or_above{scope="DISPATCH",day_offset="1",utilization="1"} 1',
      ) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines = await gaugeLines(server);
    }
    const nonZero = (line: string) => !line.endsWith(' 0') || line.startsWith('capacity_usage_counters{');
    expect(lines.filter(nonZero)).toEqual(expected.filter(nonZero).sort());
    // every other combination is there, at 0: 3 scopes × 3 days × 3 levels
    expect(lines.filter((line) => line.startsWith('capacity_usage_counters_at_or_above{'))).toHaveLength(27);
  });
});
