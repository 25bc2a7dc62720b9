import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Optional global filter for a worker (`app.useGlobalFilters(new MessageErrorPassthroughFilter())`): passes a
 * handler's original error to the transport strategy, instead of Nest's generic "Internal server error", so the
 * retry and dead-letter headers and the logs carry the real reason.
 */
@Catch()
export class MessageErrorPassthroughFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
