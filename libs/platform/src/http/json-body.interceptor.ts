import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { Observable } from 'rxjs';
import { announcesBody } from './body-parsing';

/**
 * Reads the JSON body (`jsonBodies`: 415, per-route limits, 400/413) as the first global interceptor, i.e. after
 * the guards: a request that is refused (401, 403, 429) or routed nowhere (404) never has its body read, and the
 * error answer closes the connection (`respondWithError`), so an anonymous client cannot make a service read and
 * scan megabytes before its 401. Pipes (validation) run after interceptors and see the parsed body.
 */
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly parse: RequestHandler) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // what body-parser skips too (no Content-Length, no Transfer-Encoding): most GETs, without a promise to await
    if (!announcesBody(request)) return next.handle();
    await new Promise<void>((resolve, reject) =>
      this.parse(request, http.getResponse<Response>(), (error?: unknown) =>
        error ? reject(error) : resolve(),
      ),
    );
    return next.handle();
  }
}
