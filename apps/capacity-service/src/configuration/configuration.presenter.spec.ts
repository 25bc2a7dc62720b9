import { VERSION_HOWS as DOMAIN_HOWS, type VersionRecord } from '@delivery/capacity-domain';
import { VERSION_HOWS as CONTRACT_HOWS } from '@delivery/contracts';
import { versionSummary } from './configuration.presenter';

describe('versionSummary', () => {
  it("answers with the domain's ways a version is made, exactly those the contract lists, in its order", () => {
    expect([...CONTRACT_HOWS]).toEqual([...DOMAIN_HOWS]);
  });

  it('answers a line of the history, active when it is the newest version', () => {
    const record: VersionRecord = {
      version: 4,
      loadedAt: new Date('2026-11-25T14:00:00Z'),
      createdBy: 'ops',
      how: 'ROLLBACK',
      sourceVersion: 2,
      nodes: 3,
      zones: 2,
      routes: 4,
    };
    expect(versionSummary(record, 4)).toEqual({
      version: 4,
      loadedAt: '2026-11-25T14:00:00.000Z',
      createdBy: 'ops',
      how: 'ROLLBACK',
      sourceVersion: 2,
      nodes: 3,
      zones: 2,
      routes: 4,
      active: true,
    });
    expect(versionSummary(record, 5).active).toBe(false);
  });
});
