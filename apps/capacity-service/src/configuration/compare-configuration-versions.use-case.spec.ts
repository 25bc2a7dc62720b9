import { FakeConfigurationStore } from './configuration-store.fake';
import { activeConfiguration, demoConfiguration, LIMA } from '../testing/unit-fixtures';
import { ConfigurationVersions } from './configuration-versions';
import { CompareConfigurationVersionsUseCase } from './compare-configuration-versions.use-case';
import { snapshotOf } from './loaded-configuration';

describe('CompareConfigurationVersionsUseCase', () => {
  const withoutNorth = () => {
    const document = demoConfiguration();
    document.routes = (document.routes as { code: string }[]).filter(
      (route) => route.code !== 'R-TD05-LIMSUR-N',
    );
    return document;
  };

  it('answers what changes from `since` to `version`, the active one taken from memory', async () => {
    const store = new FakeConfigurationStore();
    store.record(demoConfiguration(), { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    store.record(withoutNorth(), { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    const active = activeConfiguration();
    const built = await snapshotOf(withoutNorth(), LIMA);
    if (!built.ok) throw new Error('the document is valid');
    active.offer({ version: 2, loadedAt: null, snapshot: built.snapshot });
    const compare = new CompareConfigurationVersionsUseCase(new ConfigurationVersions(store, LIMA), active);

    const forward = await compare.execute(2, 1, 10);
    expect(forward.routes.removed).toEqual(['R-TD05-LIMSUR-N']);
    expect(forward.routes.added).toEqual([]);
    expect(store.calls).toEqual(['version(1)']);

    const back = await compare.execute(1, 2, 10);
    expect(back.routes.added).toEqual(['R-TD05-LIMSUR-N']);
    expect(back.routes.removed).toEqual([]);
  });

  it('answers 404 when either version was never recorded', async () => {
    const store = new FakeConfigurationStore();
    const compare = new CompareConfigurationVersionsUseCase(
      new ConfigurationVersions(store, LIMA),
      activeConfiguration(),
    );
    await expect(compare.execute(1, 2, 10)).rejects.toMatchObject({ status: 404, details: { version: '2' } });
  });
});
