/**
 * One delivered product message as the ingest takes it: the body (validated again by the use case: a queue message
 * is input like any other) and what the message's headers say of it, which is all that is known of a message whose
 * body does not validate. The consumer reads the headers; the use case knows no transport.
 */
export interface IngestProductMessageCommand {
  readonly body: unknown;
  readonly messageId: string | undefined;
  /** As the headers name it (P2.3); checked by the use case before a failure is recorded under it. */
  readonly processCode: string | undefined;
  /** 0 when a header is absent or not a positive integer. */
  readonly batchIndex: number;
  readonly batchCount: number;
  readonly productCount: number;
}

/** `invalid`: the body does not match its schema; recorded as failed, never to be retried. */
export type IngestOutcome = { readonly valid: true } | { readonly valid: false; readonly reason: string };
