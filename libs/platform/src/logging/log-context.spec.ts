import { Writable } from 'node:stream';
import { Logger as NestLogger } from '@nestjs/common';
import express from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { requestId } from '../http/request-id';
import { bindLogContext, LogContext } from './log-context';
import { httpLoggerOptions, NestPinoLogger, REDACTED_PATHS } from './logger';

/** A pino logger writing its JSON lines into an array, shaped as the platform's root logger. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino(
    { base: { service: 'test' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    stream,
  );
  return { logger, lines };
}

describe('log context', () => {
  const inner = new NestLogger('Feature');
  afterEach(() => NestLogger.overrideLogger(true));

  it("gives every line written while serving a request the request's id, and assigned fields to its access line", async () => {
    const { logger, lines } = capture();
    NestLogger.overrideLogger(new NestPinoLogger(logger));
    const context = new LogContext(logger);
    const app = express();
    app.use(requestId, pinoHttp(httpLoggerOptions(logger)), bindLogContext);
    app.post('/uploads', async (_req, res) => {
      inner.log('validating');
      await new Promise((resolve) => setTimeout(resolve, 5));
      context.assign({ processCode: 'c0ffee00-0000-4000-8000-000000000001' });
      inner.warn({ msg: 'published', batches: 2 });
      res.status(201).json({});
    });
    await request(app)
      .post('/uploads')
      .set('x-request-id', 'req-1')
      .set('Authorization', 'Bearer secret-token')
      .expect(201);

    expect(lines.map(({ msg }) => msg)).toEqual([
      'validating',
      'published',
      expect.stringMatching(/^POST \/uploads 201 \d+ ms$/),
    ]);
    const [validating, published, access] = lines;
    expect(validating).toMatchObject({ requestId: 'req-1', context: 'Feature', level: 30 });
    expect(validating.processCode).toBeUndefined();
    expect(published).toMatchObject({
      requestId: 'req-1',
      processCode: 'c0ffee00-0000-4000-8000-000000000001',
      batches: 2,
      level: 40,
    });
    expect(access).toMatchObject({
      req: { id: 'req-1', method: 'POST', url: '/uploads' },
      res: { statusCode: 201 },
      processCode: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    expect(JSON.stringify(lines)).not.toContain('headers');
  });

  it('binds fields for the whole of a unit of work, awaited parts included, and not beyond', async () => {
    const { logger, lines } = capture();
    NestLogger.overrideLogger(new NestPinoLogger(logger));
    const context = new LogContext(logger);
    await context.run({ processCode: 'p-1', batchIndex: 3 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      inner.log('batch written');
    });
    inner.log('idle');
    expect(lines.map(({ msg, processCode, batchIndex }) => ({ msg, processCode, batchIndex }))).toEqual([
      { msg: 'batch written', processCode: 'p-1', batchIndex: 3 },
      { msg: 'idle', processCode: undefined, batchIndex: undefined },
    ]);
  });

  it('redacts credentials given as fields', () => {
    const { logger, lines } = capture();
    new NestPinoLogger(logger).log({ msg: 'login', user: { name: 'ops', password: 'hunter2' } });
    expect(lines[0].user).toEqual({ name: 'ops', password: '[redacted]' });
  });
});
