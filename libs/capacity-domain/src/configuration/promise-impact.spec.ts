import { demoSnapshot } from '../testing/demo-world';
import { promiseChange, representativeRequests, summarizeImpact } from './promise-impact';

/** configuration.md "Compare and preview": the representative set, each effect, the worst first. */
describe('promise impact', () => {
  const request = (zone: string) => {
    const found = representativeRequests(demoSnapshot(), demoSnapshot(), '2026-11-23').find(
      (entry) => entry.identifier === `HOME_DELIVERY:${zone}`,
    );
    if (found === undefined) throw new Error(`no request for ${zone}`);
    return found;
  };

  it('asks once per zone a home-delivery route reaches, from that route source, for the day given', () => {
    const snapshot = demoSnapshot();
    const zones = [
      ...new Set(
        snapshot.routes.filter((r) => r.mode === 'HOME_DELIVERY' && r.targetZone).map((r) => r.targetCode),
      ),
    ];
    const requests = representativeRequests(snapshot, snapshot, '2026-11-23');
    expect(requests.map((entry) => entry.identifier)).toEqual(
      zones.sort().map((zone) => `HOME_DELIVERY:${zone}`),
    );
    const first = snapshot.routes.find((r) => r.targetCode === zones[0] && r.mode === 'HOME_DELIVERY');
    expect(requests[0].request).toMatchObject({
      purchaseDate: '2026-11-23',
      dispatchMode: 'HOME_DELIVERY',
      calculationOptions: { validateStock: false },
      deliveryData: { zone: zones[0] },
      items: [{ origin: first?.source.code }],
    });
  });

  it('names each effect and ranks lost, then the latest moves, then the rest', () => {
    const zone = request('LIM-CENTRO');
    const at = (date: string, route = 'R1') => ({ date, route });
    const changes = [
      promiseChange(zone, at('2026-11-26'), at('2026-11-25')),
      promiseChange({ ...zone, identifier: 'b' }, at('2026-11-26'), at('2026-11-28')),
      promiseChange({ ...zone, identifier: 'c' }, at('2026-11-26'), null),
      promiseChange({ ...zone, identifier: 'd' }, null, at('2026-11-26')),
      promiseChange({ ...zone, identifier: 'e' }, at('2026-11-26'), at('2026-11-26', 'R2')),
      promiseChange({ ...zone, identifier: 'f' }, at('2026-11-26'), at('2026-11-26')),
      promiseChange({ ...zone, identifier: 'g' }, at('2026-11-26'), at('2026-12-06')),
    ];
    expect(changes.map((change) => [change.effect, change.days])).toEqual([
      ['EARLIER', -1],
      ['LATER', 2],
      ['LOST', null],
      ['GAINED', null],
      ['ROUTE_CHANGED', 0],
      ['UNCHANGED', 0],
      ['LATER', 10],
    ]);
    const impact = summarizeImpact(changes, 4);
    expect(impact.summary).toEqual({
      earlier: 1,
      later: 2,
      lost: 1,
      gained: 1,
      routeChanged: 1,
      unchanged: 1,
      none: 0,
    });
    expect(impact.worst.map((change) => change.identifier)).toEqual(['c', 'g', 'b', 'e']);
  });
});
