import { startTracing } from '@delivery/platform/tracing';

/** First import of main.ts: tracing patches http, express, pg and amqplib before anything loads them. */
startTracing({ service: 'outcome-worker' });
