import { BaseRpcContext } from '@nestjs/microservices';
import type { DeliveredMessage } from './message.types';

/** What a handler gets with `@Ctx()`: the delivery itself (headers, message id, attempts). */
export class MessageContext extends BaseRpcContext<[DeliveredMessage]> {
  constructor(message: DeliveredMessage) {
    super([message]);
  }

  getMessage(): DeliveredMessage {
    return this.args[0];
  }

  getPattern(): string {
    return this.args[0].pattern;
  }

  /** 0 on the first delivery, n after n failed attempts. */
  getAttempts(): number {
    return this.args[0].attempts;
  }
}
