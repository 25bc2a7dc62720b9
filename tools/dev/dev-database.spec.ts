import { shownDatabase } from './dev-database';

describe('the database a dev tool names in its errors', () => {
  it('is its URL with the password hidden', () => {
    expect(shownDatabase('postgres://postgres:secret@db:5432/delivery')).toBe(
      'postgres://postgres:***@db:5432/delivery',
    );
    expect(shownDatabase('postgres://postgres@localhost:5432/delivery')).toBe(
      'postgres://postgres@localhost:5432/delivery',
    );
  });
});
