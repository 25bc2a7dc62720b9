import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { requestId } from '../http/request-id';
import { httpLoggerOptions, REDACTED_PATHS } from './logger';

/** A server answering `GET /<status>` with that status, logged by the platform's access log at `level`. */
function loggedServer(level: string, lines: Record<string, unknown>[]): http.Server {
  const logger = pino(
    { level, base: { service: 'test' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const log = pinoHttp(httpLoggerOptions(logger));
  return http.createServer((req, res) => {
    requestId(req as never, res as never, () =>
      log(req, res, () => {
        res.statusCode = Number(req.url?.slice(1));
        res.end();
      }),
    );
  });
}

describe('access log', () => {
  it('writes a line per request at info: the request id, request, status, time and message', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = loggedServer('info', lines);
    await request(server).get('/200').set('x-request-id', 'req-1').expect(200);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: 'req-1',
        req: { id: 'req-1', method: 'GET', url: '/200' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: expect.stringMatching(/^GET \/200 200 \d+ ms$/),
      }),
    ]);
  });

  it('at warn, writes the 4xx and 5xx lines at their levels and builds no line for a 2xx', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = loggedServer('warn', lines);
    await request(server).get('/200').set('x-request-id', 'req-2').expect(200);
    await request(server).get('/404').set('x-request-id', 'req-3').expect(404);
    await request(server).get('/503').set('x-request-id', 'req-4').expect(503);
    expect(lines.map(({ level, requestId, msg }) => ({ level, requestId, msg }))).toEqual([
      { level: 40, requestId: 'req-3', msg: expect.stringMatching(/^GET \/404 404 \d+ ms$/) },
      { level: 50, requestId: 'req-4', msg: 'GET /503 503: failed with status code 503' },
    ]);
  });
});
