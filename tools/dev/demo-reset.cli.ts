import { parseArgs } from 'node:util';
import { resetDemoWorld } from './demo-configuration';
import { findDevDatabase, shownDatabase } from './dev-database';

/** `npm run demo:reset`: the demo world as a fresh `npm start` has it (see resetDemoWorld). */
async function main(): Promise<void> {
  // it takes no argument: one given is a mistake (strict: an unknown option or a positional throws)
  parseArgs({ args: process.argv.slice(2), options: {}, strict: true, allowPositionals: false });
  const url = await findDevDatabase();
  if (!url) {
    console.error('demo:reset: no database answers; start the system (npm start) or set DATABASE_URL');
    process.exit(1);
  }
  try {
    console.log(await resetDemoWorld(url, process.env.TZ_BUSINESS || 'America/Lima'));
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} (database ${shownDatabase(url)})`,
      { cause: error },
    );
  }
}

main().catch((error: unknown) => {
  console.error(`demo:reset: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
