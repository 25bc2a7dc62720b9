import { DEFAULT_MIGRATION_DATABASE_URL, migrationTarget } from './migrate';

describe('the database npm run migrate migrates', () => {
  it('is DATABASE_URL when set, without a word', () => {
    expect(migrationTarget({ DATABASE_URL: ' postgres://app@db:5432/delivery ' })).toEqual({
      url: 'postgres://app@db:5432/delivery',
    });
  });

  it('is the default one when DATABASE_URL is unset or blank, and it says which', () => {
    for (const env of [{}, { DATABASE_URL: '' }, { DATABASE_URL: '  ' }])
      expect(migrationTarget(env)).toEqual({
        url: DEFAULT_MIGRATION_DATABASE_URL,
        notice:
          'DATABASE_URL is unset: migrating the default database postgres://postgres@localhost:5432/delivery',
      });
  });
});
