/**
 * Runs an app's config parsing at boot; on any problem prints it (each line names the variable and the rule)
 * and exits with status 1 before anything else starts.
 */
export function loadConfigOrExit<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = (error as Error).message;
    process.stderr.write(
      `${message.startsWith('Invalid configuration') ? message : `Invalid configuration:\n  ${message}`}\n`,
    );
    process.exit(1);
  }
}
