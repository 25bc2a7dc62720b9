import { RpcException } from '@nestjs/microservices';

const PERMANENT = Symbol.for('delivery.messaging.permanent');

/**
 * Thrown by a handler for a message that can never succeed (e.g. a schema-invalid payload): the transport
 * dead-letters it at once instead of retrying. It extends `RpcException` and is its own error object, so Nest's
 * default RPC exception filter hands it to the transport unchanged (other errors reach the transport as Nest's
 * generic "Internal server error" unless `MessageErrorPassthroughFilter` is installed; they are retried either way).
 */
export class PermanentMessageError extends RpcException {
  override readonly name = 'PermanentMessageError';
  readonly [PERMANENT] = true;

  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  override getError(): object {
    return this;
  }
}

export function isPermanentMessageError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[PERMANENT] === true
  );
}
