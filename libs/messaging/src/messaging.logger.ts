/** The logging surface the library needs; Nest's `Logger` and pino both fit. Defaults to silence. */
export interface MessagingLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: MessagingLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return String(error);
}
