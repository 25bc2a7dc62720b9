import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { createRabbitTestVhost, waitFor, type RabbitTestVhost } from '@delivery/messaging/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { e10Selection, postReservation, reservationBody } from '../testing/reservation-fixtures';

/**
 * A window moved, moved back and moved again, on the demo world (E10 clock 2026-11-22 12:00 Lima) and a broker vhost
 * of its own: three reservations hold R-CD01-LIMCENTRO-N's AM (09:00–13:00), delivered 11-26, 11-28 and 12-01. Each
 * version is checked against the hours the reservations were made with, not against the version before: moved to
 * 08:00 they are at risk, moved back nothing is, moved again they are newly at risk and each is published again.
 */
const AT_RISK = '/capacity/v1/delivery/capacity/reservations/at-risk';
const ROUTE = 'R-CD01-LIMCENTRO-N';
const ORDERS = [
  ['order-1', '2026-11-26'],
  ['order-2', '2026-11-28'],
  ['order-3', '2026-12-01'],
];
type Fields = Record<string, unknown>;

function withAmFrom(start: string): Fields {
  const document = demoConfiguration() as { routes: Fields[] } & Fields;
  const route = document.routes.filter((r) => r.code === ROUTE)[0];
  (route.deliveryWindows as Fields[]).filter((w) => w.code === 'AM')[0].start = start;
  return document;
}

describe('a window moved and moved back', () => {
  let rabbit: RabbitTestVhost;
  let t: CapacityTestApp;
  let server: App;
  let model: ChannelModel;
  let channel: Channel;
  const list = async () =>
    (
      await request(server)
        .get(AT_RISK)
        .set('Authorization', await authWith('capacity:reserve'))
    ).body;
  const checked = (version: number) =>
    waitFor(
      async () => {
        const page = await list();
        return page.configurationVersion === version && page.checked === true && page;
      },
      10_000,
      `the check of version ${version}`,
    );
  const nextEvent = async () => {
    const message = await channel.get('reservations.at-risk', { noAck: true });
    return message === false
      ? undefined
      : { messageId: message.properties.messageId as string, body: JSON.parse(message.content.toString()) };
  };
  /** The events of `count` reservations, as their message ids. */
  const events = async (count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await waitFor(nextEvent, 10_000, `event ${i + 1}`)).messageId);
    return ids;
  };

  beforeAll(async () => {
    rabbit = await createRabbitTestVhost();
    t = await startCapacityTestApp({ AMQP_URL: rabbit.url }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    model = await connect(rabbit.url);
    channel = await model.createChannel();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const [identifier, date] of ORDERS) {
      const body = reservationBody(identifier, { selections: [e10Selection({ deliveryDate: date })] });
      expect((await postReservation(server, body)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await model.close();
    await t.close();
    await rabbit.dispose();
  });

  it('keeps with each selection the hours it was made with', async () => {
    const rows = await t.app.get(Database)
      .query(`SELECT identifier, selections -> 0 -> 'deliveryWindowHours' AS hours
              FROM capacity_reservations ORDER BY identifier`);
    expect(rows).toEqual(
      ORDERS.map(([identifier]) => ({ identifier, hours: { start: '09:00', end: '13:00' } })),
    );
  });

  it('moved to 08:00: every reservation at risk, each published', async () => {
    expect((await putConfiguration(server, withAmFrom('08:00'))).status).toBe(200);
    const page = await checked(2);
    expect([page.total, page.items.map((item: Fields) => [item.identifier, item.reason, item.step])]).toEqual(
      [
        3,
        ORDERS.map(([identifier, date]) => [
          identifier,
          'WINDOW_MOVED',
          { scope: 'WINDOW', ref: `${ROUTE}:AM`, date },
        ]),
      ],
    );
    expect(await events(3)).toEqual(ORDERS.map(([identifier]) => `reservation-at-risk:2:${identifier}`));
  });

  it('the original document previewed against it breaks nothing; put back, nothing is at risk', async () => {
    const preview = await request(server)
      .post('/capacity/v1/configuration/preview')
      .set('Authorization', await authWith('configuration:write'))
      .send(demoConfiguration());
    expect([preview.status, preview.body.reservations.total, preview.body.reservations.listed]).toEqual([
      200,
      0,
      [],
    ]);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    expect(await checked(3)).toMatchObject({ total: 0, items: [] });
  });

  it('moved again: every reservation newly at risk, each published again', async () => {
    expect((await putConfiguration(server, withAmFrom('08:00'))).status).toBe(200);
    expect((await checked(4)).total).toBe(3);
    expect(await events(3)).toEqual(ORDERS.map(([identifier]) => `reservation-at-risk:4:${identifier}`));
    // marked published once the broker confirmed each
    const rows = await waitFor(async () => {
      const counted = await t.app.get(Database).query(
        `SELECT version::integer AS version, count(*)::integer AS risks,
                count(*) FILTER (WHERE newly AND published_at IS NOT NULL)::integer AS published
         FROM capacity_reservation_risks GROUP BY version ORDER BY version`,
      );
      return (
        counted.every((row: { risks: number; published: number }) => row.published === row.risks) && counted
      );
    }, 10_000);
    expect(rows).toEqual([
      { version: 2, risks: 3, published: 3 },
      { version: 4, risks: 3, published: 3 },
    ]);
    expect(await nextEvent()).toBeUndefined();
  });
});
