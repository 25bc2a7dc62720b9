/** E1.1 business dates and clock, E1.2 weekday codes in responses. */
import { onlyGroup } from '../testing/group-helpers';
import { clockAt, documentOf, homeRoute, node, requestA, snapshotOf, zone } from '../testing/world-builder';
import { parseConfiguration } from '../configuration/configuration.parser';

const world = (settings: Record<string, unknown>, route: Record<string, unknown> = {}) =>
  documentOf({
    settings,
    nodes: [node('A', { pickingCutoffTime: '18:00' })],
    zones: [zone('Z', ['150101'])],
    routes: [homeRoute('R', 'A', 'Z', route)],
  });
const request = (purchaseDate: string) =>
  requestA({ purchaseDate, deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A' }] });
// 2026-11-23T04:30Z is 2026-11-22 23:30 in Lima and 2026-11-23 13:30 in Tokyo
const lateSunday = clockAt('2026-11-23T04:30:00Z');

describe('E1.1 dates in the business time zone', () => {
  it('E1.1 today and the time of day come from the injected clock in the business time zone', () => {
    // Lima: the purchase date is today and it is past the 18:00 cut-off → picking moves to the next day
    expect(onlyGroup(snapshotOf(world({})), request('2026-11-22'), {}, lateSunday).pickingDate).toBe(
      '2026-11-23',
    );
    // Tokyo: the same instant is 11-23 13:30, so 11-23 is today and before the cut-off
    expect(
      onlyGroup(snapshotOf(world({ timezone: 'Asia/Tokyo' })), request('2026-11-23'), {}, lateSunday)
        .pickingDate,
    ).toBe('2026-11-23');
  });

  it('E1.1 a purchase date in the past is taken as given', () => {
    const group = onlyGroup(snapshotOf(world({})), request('2026-11-01'));
    expect([group.pickingDate, group.deliveryDates[0][0], group.deliveryTrace[0].shippingEstimate]).toEqual([
      '2026-11-01',
      '2026-11-01',
      0,
    ]);
  });

  it('E1.1 without settings.timezone the default business time zone (TZ_BUSINESS) is used', () => {
    const document = world(
      {},
      { deliveryWindows: [{ code: 'W', start: '09:00', end: '10:00', capacity: 1 }] },
    );
    delete (document.settings as Record<string, unknown>).timezone;
    const parsed = parseConfiguration(document, { timezone: 'Asia/Tokyo' });
    if (!parsed.ok) throw new Error('invalid');
    expect(parsed.snapshot.settings.timezone).toBe('Asia/Tokyo');
    const group = onlyGroup(parsed.snapshot, request('2026-11-24'));
    expect(group.deliveryTrace[0].deliveryWindows[0].deliveryWindowStart).toBe('2026-11-24T09:00:00+09:00');
  });
});

describe('E1.2 weekdays', () => {
  it('E1.2 weekday lists in responses are in LUN…DOM order whatever the configuration order', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A', { pickingDays: ['DOM', 'MIE', 'LUN'] })],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R', 'A', 'Z', { daysOfWeek: ['SAB', 'MAR'] })],
      }),
    );
    const group = onlyGroup(snapshot, request('2026-11-23'));
    expect(group.pickingDays).toEqual(['LUN', 'MIE', 'DOM']);
    expect(group.routeDaysOfWeek).toEqual([['MAR', 'SAB']]);
    expect(group.deliveryTrace[0].details[0].daysOfWeek).toBe('MAR,SAB');
  });
});
