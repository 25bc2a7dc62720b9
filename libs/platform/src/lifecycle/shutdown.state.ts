import { Injectable } from '@nestjs/common';

/**
 * Set when SIGTERM arrives: readiness answers 503 from then on, before the server stops accepting. Once the
 * server drains, every response asks its client to close the connection, so keep-alive clients cannot hold the
 * server open.
 */
@Injectable()
export class ShutdownState {
  private since?: Date;
  private drainingSince?: Date;

  begin(): void {
    this.since ??= new Date();
  }

  drain(): void {
    this.begin();
    this.drainingSince ??= new Date();
  }

  get shuttingDown(): boolean {
    return this.since !== undefined;
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }
}
