import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createRabbitTestVhost, TcpProxy, waitFor, type RabbitTestVhost } from '@delivery/messaging/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { e10Selection, postReservation, reservationBody } from '../testing/reservation-fixtures';

/** Reservations put at risk by one change: three batches of the outbox's 100. */
const RESERVATIONS = 250;
const AT_RISK = '/capacity/v1/delivery/capacity/reservations/at-risk';
const ROUTE = 'R-CD01-LIMCENTRO-N';
type Fields = Record<string, unknown>;

/** The demo world with room for every reservation on the route, and CD01's `holidays` added. */
function world(...holidays: string[]): Fields {
  const document = demoConfiguration() as { nodes: Fields[]; routes: Fields[] } & Fields;
  (document.nodes.filter((node) => node.code === 'CD01')[0].holidays as string[]).push(...holidays);
  const route = document.routes.filter((r) => r.code === ROUTE)[0] as Fields & { deliveryWindows: Fields[] };
  route.dispatchCapacity = 1000;
  for (const window of route.deliveryWindows) window.capacity = 1000;
  return document;
}

/**
 * The broker unreachable (TCP proxy cut) under a configuration change that puts reservations at risk, on the demo
 * world (E10 clock): a holiday on CD01's 2026-11-25 breaks every reservation delivered 11-26. The check runs and
 * fills the outbox while the broker is away; nothing is published then. The broker is back, then cut again once the
 * first events arrive (confirms of a batch in flight lost): every at-risk reservation is published at least once,
 * under its one message id, and nothing else.
 */
describe('reservation.at-risk events while the broker is unreachable', () => {
  let rabbit: RabbitTestVhost;
  let proxy: TcpProxy;
  let t: CapacityTestApp;
  let server: App;
  let model: ChannelModel;
  let channel: Channel;

  beforeAll(async () => {
    rabbit = await createRabbitTestVhost();
    proxy = await TcpProxy.start(rabbit.url);
    t = await startCapacityTestApp(
      { AMQP_URL: proxy.urlFor(rabbit.url), RESERVATION_RISK_REFRESH_MS: '200', RATE_LIMIT: '100000' },
      { clock: E10_CLOCK },
    );
    server = t.app.getHttpServer();
    model = await connect(rabbit.url);
    channel = await model.createChannel();
    expect((await putConfiguration(server, world())).status).toBe(200);
    for (let n = 1; n <= RESERVATIONS; n++) {
      const body = reservationBody(`order-${n}`, {
        selections: [e10Selection({ deliveryDate: '2026-11-26' })],
      });
      expect((await postReservation(server, body)).status).toBe(201);
    }
    // the reservations' queue exists once the service's own connection declared it
    await waitFor(async () => (await channel.checkQueue('reservations.at-risk')).messageCount === 0, 10_000);
  }, 120_000);
  afterAll(async () => {
    await model.close();
    await t.close();
    await proxy.close();
    await rabbit.dispose();
  });

  it('publishes every at-risk reservation at least once, with its stable message id, once the broker is back', async () => {
    proxy.cut();
    expect((await putConfiguration(server, world('2026-11-25'))).status).toBe(200);
    const checked = await waitFor(
      async () => {
        const res = await request(server)
          .get(AT_RISK)
          .set('Authorization', await authWith('capacity:reserve'));
        return res.body.checked === true && res.body;
      },
      30_000,
      'the check of version 2',
    );
    expect([checked.configurationVersion, checked.total]).toEqual([2, RESERVATIONS]);
    // the outbox holds them: nothing reached the broker
    expect((await channel.checkQueue('reservations.at-risk')).messageCount).toBe(0);

    proxy.restore();
    await waitFor(
      async () => (await channel.checkQueue('reservations.at-risk')).messageCount > 0,
      30_000,
      'the first events',
    );
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    proxy.restore();

    const received: { messageId: string; identifier: string; version: number }[] = [];
    const distinct = () => new Set(received.map((m) => m.messageId)).size;
    await waitFor(
      async () => {
        for (;;) {
          const message = await channel.get('reservations.at-risk', { noAck: true });
          if (message === false) break;
          const body = JSON.parse(message.content.toString()) as {
            identifier: string;
            configurationVersion: number;
          };
          received.push({
            messageId: message.properties.messageId as string,
            identifier: body.identifier,
            version: body.configurationVersion,
          });
        }
        return distinct() === RESERVATIONS;
      },
      60_000,
      'every at-risk reservation published',
    );
    const expected = Array.from(
      { length: RESERVATIONS },
      (_, i) => `reservation-at-risk:2:order-${i + 1}`,
    ).sort();
    expect([...new Set(received.map((m) => m.messageId))].sort()).toEqual(expected);
    // a copy sent again carries the message id of its reservation
    expect(
      received.filter((m) => m.messageId !== `reservation-at-risk:${m.version}:${m.identifier}`),
    ).toEqual([]);
  }, 120_000);
});
