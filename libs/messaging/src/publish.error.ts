export type PublishFailureReason = 'disconnected' | 'nacked' | 'unroutable' | 'timeout';

/** Why a publish was not confirmed. The upload service maps every reason to the same 500 answer. */
export class PublishError extends Error {
  override readonly name = 'PublishError';

  constructor(
    readonly reason: PublishFailureReason,
    message: string,
    /** Message ids concerned, when known (the returned or nacked ones). */
    readonly messageIds: readonly string[] = [],
  ) {
    super(message);
  }
}
