import { ConfigurationVersions } from './configuration-versions';
import { ActivateConfigurationVersionUseCase } from './activate-configuration-version.use-case';
import { FakeConfigurationStore } from './configuration-store.fake';
import { activeConfiguration, demoConfiguration, LIMA } from '../testing/unit-fixtures';

describe('ActivateConfigurationVersionUseCase', () => {
  const activation = (store: FakeConfigurationStore, active = activeConfiguration()) =>
    new ActivateConfigurationVersionUseCase(new ConfigurationVersions(store, LIMA), store, active, LIMA);

  it("imports a version's document again as a new ROLLBACK version from it, and swaps it in", async () => {
    const store = new FakeConfigurationStore();
    const { stock: _stock, usage: _usage, ...document } = demoConfiguration();
    store.record(document, { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    store.record({ ...document, routes: [] }, { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    const active = activeConfiguration();
    const rolledBack = await activation(store, active).execute(1, 'admin');
    expect(rolledBack.version).toBe(3);
    expect(rolledBack.snapshot.routes).toHaveLength(6);
    expect(active.get()).toBe(rolledBack);
    expect(await store.findVersion(3)).toMatchObject({
      createdBy: 'admin',
      how: 'ROLLBACK',
      sourceVersion: 1,
    });
    // a version's document has no stock or usage: operational data stays as it is
    expect(store.calls.filter((call) => call.startsWith('upsert'))).toEqual([]);
  });

  it('answers 404 NOT_FOUND for a version never recorded, before any write', async () => {
    const store = new FakeConfigurationStore();
    await expect(activation(store).execute(7, 'admin')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      details: { version: '7' },
    });
    expect(store.calls).toEqual(['version(7)']);
  });
});
