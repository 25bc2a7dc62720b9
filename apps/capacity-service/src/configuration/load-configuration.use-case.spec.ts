import { FakeConfigurationStore } from './configuration-store.fake';
import { activeConfiguration, demoConfiguration, LIMA } from '../testing/unit-fixtures';
import { LoadConfigurationUseCase } from './load-configuration.use-case';

describe('LoadConfigurationUseCase', () => {
  it('rebuilds the tables in one locked transaction, records a LOAD version and swaps it in', async () => {
    const store = new FakeConfigurationStore();
    store.tables = demoConfiguration();
    const active = activeConfiguration();
    const loaded = await new LoadConfigurationUseCase(store, active, LIMA).execute('ops');
    expect(store.calls).toEqual(['transaction', 'lock', 'readTables', 'recordVersion(LOAD)']);
    expect(loaded.version).toBe(1);
    expect(loaded.snapshot.routes).toHaveLength(6);
    expect(active.get()).toBe(loaded);
    expect(await store.findVersion(1)).toMatchObject({ createdBy: 'ops', how: 'LOAD', nodes: 4, zones: 2 });
  });

  it('answers 400 for invalid tables: nothing recorded, the active snapshot stays', async () => {
    const store = new FakeConfigurationStore();
    const active = activeConfiguration();
    store.tables = demoConfiguration();
    const first = await new LoadConfigurationUseCase(store, active, LIMA).execute('ops');
    const tables = demoConfiguration();
    (tables.routes as Record<string, unknown>[])[2].source = 'CD09';
    store.tables = tables;
    await expect(new LoadConfigurationUseCase(store, active, LIMA).execute('ops')).rejects.toMatchObject({
      status: 400,
      code: 'CONFIGURATION_INVALID',
      details: { errors: [{ field: 'routes[2].source', message: "unknown node 'CD09'" }] },
    });
    expect(store.versions).toHaveLength(1);
    expect(active.get()).toBe(first);
  });
});
