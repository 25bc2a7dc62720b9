import { Injectable } from '@nestjs/common';

/** Set when SIGTERM arrives: readiness answers 503 from then on, before the server stops accepting. */
@Injectable()
export class ShutdownState {
  private since?: Date;

  begin(): void {
    this.since ??= new Date();
  }

  get shuttingDown(): boolean {
    return this.since !== undefined;
  }
}
