import http from 'node:http';

export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** One request on `agent` (keep-alive sockets); its status once the answer is read, 0 when the request failed. */
export function sendRequest(
  agent: http.Agent,
  url: URL,
  { method, headers, body }: BenchRequest,
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}
