import http from 'node:http';
import { inClientProcess, serveClient } from './client-process';
import { sendRequest } from './http-request';
import { percentileOfSorted } from './load';

export interface PacedLoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** requests per second, sent at even intervals */
  rate: number;
  durationSeconds: number;
  /** keep-alive sockets available (requests beyond them wait, and the wait counts in their latency) */
  connections: number;
}

/** How Q1.3 measures a p99, and the scale benchmarks after it: an even 200 requests/s for 20 s, 10 connections. */
export const Q13_PACE = { rate: 200, durationSeconds: 20, connections: 10 } as const;

export interface PacedLoadFigures {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  errors: number;
  non2xx: number;
}

/**
 * An open-loop load at an even pace: request i is due at start + i/rate, and its latency is measured from that
 * due time (so a slow answer that delays later requests is counted against them: no coordinated omission).
 * autocannon's `overallRate` instead lets each connection send its whole per-second quota at the start of every
 * second, which measures a burst of `connections` concurrent requests rather than the rate.
 * It runs in a process of its own (client-process.ts).
 */
export function runPacedLoad(spec: PacedLoadSpec): Promise<PacedLoadFigures> {
  return inClientProcess(__filename, spec);
}

async function paceLoad(spec: PacedLoadSpec): Promise<PacedLoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(spec.url);
  const total = Math.round(spec.rate * spec.durationSeconds);
  const interval = 1000 / spec.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const start = performance.now();
  const request = { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body };
  const send = async (due: number) => {
    const status = await sendRequest(agent, url, request);
    if (status === 0) {
      errors++;
      return;
    }
    latencies.push(performance.now() - due);
    if (status < 200 || status > 299) non2xx++;
  };
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentileOfSorted(latencies, 50),
    p99: percentileOfSorted(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    sent: total,
    errors,
    non2xx,
  };
}

if (require.main === module) serveClient(paceLoad);
