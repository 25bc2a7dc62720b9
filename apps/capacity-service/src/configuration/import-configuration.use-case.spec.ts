import { ApiError } from '@delivery/platform';
import { FakeConfigurationStore } from './configuration-store.fake';
import { activeConfiguration, demoConfiguration, LIMA } from '../testing/unit-fixtures';
import { ImportConfigurationUseCase } from './import-configuration.use-case';

describe('ImportConfigurationUseCase', () => {
  let store: FakeConfigurationStore;
  let active: ReturnType<typeof activeConfiguration>;
  beforeEach(() => {
    store = new FakeConfigurationStore();
    active = activeConfiguration();
  });
  const importer = () => new ImportConfigurationUseCase(store, active, LIMA);

  it('writes the document in one transaction, records it as made by the subject and swaps it in', async () => {
    const configuration = await importer().execute(demoConfiguration(), 'ops');
    expect(store.calls).toEqual([
      'storageProblems',
      'transaction',
      'lock',
      'replaceTables(timezoneGiven: true)',
      'upsertStock(7)',
      'upsertUsage(0)',
      'readTables',
      'recordVersion(IMPORT)',
    ]);
    expect(configuration.version).toBe(1);
    expect(configuration.snapshot.nodes.map((node) => node.code)).toEqual(['CD01', 'TD05', 'TD07', 'SEL01']);
    expect(active.get()).toBe(configuration);
    expect(await store.findVersion(1)).toMatchObject({
      createdBy: 'ops',
      how: 'IMPORT',
      sourceVersion: null,
    });
  });

  it('keeps the column of the time zone null for a document that names none (TZ_BUSINESS is followed)', async () => {
    const document = demoConfiguration();
    delete (document.settings as Record<string, unknown>).timezone;
    const outcome = await importer().write(document, { subject: 'ops', how: 'IMPORT', sourceVersion: null });
    expect(outcome.ok && outcome.configuration.snapshot.settings.timezone).toBe('America/Lima');
    expect(store.calls).toContain('replaceTables(timezoneGiven: false)');
  });

  it('answers 400 CONFIGURATION_INVALID with every problem and writes nothing for an invalid document', async () => {
    const document = demoConfiguration();
    (document.routes as Record<string, unknown>[])[2].source = 'CD09';
    const failure = importer().execute(document, 'ops');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'CONFIGURATION_INVALID',
      details: { errors: [{ field: 'routes[2].source', message: "unknown node 'CD09'" }] },
    });
    expect(store.calls).toEqual([]);
  });

  it('answers what storage cannot hold before any transaction', async () => {
    store.problems = [{ path: 'nodes[0].code', message: 'must be at most 200 characters' }];
    await expect(importer().execute(demoConfiguration(), 'ops')).rejects.toMatchObject({
      status: 400,
      details: { errors: [{ field: 'nodes[0].code', message: 'must be at most 200 characters' }] },
    });
    expect(store.calls).toEqual(['storageProblems']);
  });
});
