import { FakeConfigurationStore } from './configuration-store.fake';
import { demoConfiguration, E10_NOW, LIMA } from '../testing/unit-fixtures';
import { ConfigurationVersions } from './configuration-versions';
import { GetConfigurationVersionUseCase } from './get-configuration-version.use-case';
import { ListConfigurationVersionsUseCase } from './list-configuration-versions.use-case';

describe('the history: ListConfigurationVersionsUseCase and GetConfigurationVersionUseCase', () => {
  const store = new FakeConfigurationStore();
  beforeAll(() => {
    store.record(demoConfiguration(), { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    store.record(
      { ...demoConfiguration(), zones: [], routes: [] },
      { subject: 'ci', how: 'LOAD', sourceVersion: null },
    );
    store.record(demoConfiguration(), { subject: 'ops', how: 'ROLLBACK', sourceVersion: 1 });
  });

  it('lists a page older than `before`, newest first, with the newest version', async () => {
    const page = await new ListConfigurationVersionsUseCase(store).execute(3, 5);
    expect(page.newest).toBe(3);
    expect(
      page.versions.map(({ version, createdBy, how, zones }) => [version, createdBy, how, zones]),
    ).toEqual([
      [2, 'ci', 'LOAD', 0],
      [1, 'ops', 'IMPORT', 2],
    ]);
  });

  it('builds one version as a replica would, and answers 404 for one never recorded', async () => {
    const get = new GetConfigurationVersionUseCase(new ConfigurationVersions(store, LIMA));
    const version = await get.execute(3);
    expect(version).toMatchObject({ version: 3, loadedAt: E10_NOW });
    expect(version.snapshot.zones.map((zone) => zone.code)).toEqual(['LIM-CENTRO', 'LIM-SUR']);
    await expect(get.execute(4)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
