import { dropTemplateDatabase } from '@delivery/persistence/testing';

export default async function globalTeardown(): Promise<void> {
  await dropTemplateDatabase();
}
