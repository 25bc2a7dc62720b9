import { Writable } from 'node:stream';
import { Controller, Logger as NestLogger, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { requestId } from '../http/request-id';
import { LogContext } from './log-context';
import { httpLoggerOptions, loggerModuleParams, REDACTED_PATHS } from './logger';

/**
 * One pino logger writing its JSON lines into an array, shaped as the platform's root logger. One per file:
 * nestjs-pino keeps one root logger per process, as an app has.
 */
const lines: Record<string, unknown>[] = [];
const logger = pino(
  { base: { service: 'test' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
);
const inner = new NestLogger('Feature');

@Controller()
class UploadsController {
  constructor(private readonly context: LogContext) {}

  @Post('uploads')
  async upload(): Promise<object> {
    inner.log('validating');
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.context.assign({ processCode: 'c0ffee00-0000-4000-8000-000000000001' });
    inner.warn({ msg: 'published', batches: 2 });
    return {};
  }
}

@Module({
  imports: [LoggerModule.forRoot(loggerModuleParams(logger))],
  controllers: [UploadsController],
  providers: [LogContext],
})
class LoggedModule {}

describe('log context', () => {
  let app: NestExpressApplication;
  let context: LogContext;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(LoggedModule, { logger: false });
    app.useLogger(app.get(Logger));
    app.use(requestId, pinoHttp(httpLoggerOptions(logger)));
    await app.init();
    context = app.get(LogContext);
  });
  afterAll(() => app.close());
  beforeEach(() => lines.splice(0));

  it("gives every line written while serving a request the request's id, and assigned fields to its access line", async () => {
    await request(app.getHttpServer())
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
    inner.log({ msg: 'login', user: { name: 'ops', password: 'hunter2' } });
    expect(lines[0].user).toEqual({ name: 'ops', password: '[redacted]' });
  });
});
