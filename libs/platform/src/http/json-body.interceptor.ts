import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { Observable } from 'rxjs';

/**
 * Reads the JSON body (`jsonBodies`: 415, per-route limits, 400/413) as the first global interceptor, i.e. after
 * the guards: a request that is refused (401, 403, 429) or routed nowhere (404) never has its body read, and the
 * error answer closes the connection (`respondWithError`), so an anonymous client cannot make a service read and
 * scan megabytes before its 401. Pipes (validation) run after interceptors and see the parsed body.
 */
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly parse: RequestHandler) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) =>
        this.parse(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
          error ? reject(error) : resolve(),
        ),
      );
    }
    return next.handle();
  }
}
