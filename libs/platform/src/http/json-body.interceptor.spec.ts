import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { lastValueFrom, of } from 'rxjs';
import { JsonBodyInterceptor } from './json-body.interceptor';

/** The interceptor over a request with `headers`, and the requests its parser was handed. */
async function intercept(headers: Record<string, string>): Promise<{ parsed: number; answer: unknown }> {
  let parsed = 0;
  const interceptor = new JsonBodyInterceptor((_req: Request, _res: Response, next: NextFunction) => {
    parsed++;
    next();
  });
  const request = { headers };
  const context = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  const handler: CallHandler = { handle: () => of('answer') };
  return { answer: await lastValueFrom(await interceptor.intercept(context, handler)), parsed };
}

describe('JsonBodyInterceptor', () => {
  it('hands a request without Content-Length or Transfer-Encoding straight to the handler', async () => {
    expect(await intercept({})).toEqual({ parsed: 0, answer: 'answer' });
  });

  const announcing: Record<string, string>[] = [
    { 'content-length': '0' },
    { 'content-length': '12' },
    { 'transfer-encoding': 'chunked' },
  ];

  it.each(announcing)(
    'reads the body of a request that announces one (%o) before the handler',
    async (headers) => {
      expect(await intercept(headers)).toEqual({ parsed: 1, answer: 'answer' });
    },
  );
});
