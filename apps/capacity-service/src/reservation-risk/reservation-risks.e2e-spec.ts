import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { createRabbitTestVhost, waitFor, type RabbitTestVhost } from '@delivery/messaging/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import {
  e10Selection,
  metricValue,
  postReservation,
  releaseReservation,
  reservationBody,
} from '../testing/reservation-fixtures';

/**
 * After a change goes live, on the demo world (E10 clock 2026-11-22 12:00 Lima) and a broker vhost of its own: a
 * holiday on CD01's 2026-11-25 breaks the two reservations delivered 11-26 (departing 11-25); the at-risk list
 * names them, each is published once as `reservation.at-risk`, the gauge counts them four days ahead.
 */
const AT_RISK = '/capacity/v1/delivery/capacity/reservations/at-risk';
const ROUTE = 'R-CD01-LIMCENTRO-N';
type Fields = Record<string, unknown>;

function withHolidays(...days: string[]): Fields {
  const document = demoConfiguration() as { nodes: Fields[] } & Fields;
  (document.nodes.filter((node) => node.code === 'CD01')[0].holidays as string[]).push(...days);
  return document;
}

describe('reservations at risk after a change goes live', () => {
  let rabbit: RabbitTestVhost;
  let t: CapacityTestApp;
  let server: App;
  let model: ChannelModel;
  let channel: Channel;
  const list = async (query = '') =>
    request(server)
      .get(`${AT_RISK}${query}`)
      .set('Authorization', await authWith('capacity:reserve'));
  const nextEvent = async () => {
    const message = await channel.get('reservations.at-risk', { noAck: true });
    return message === false
      ? undefined
      : {
          messageId: message.properties.messageId as string,
          body: JSON.parse(message.content.toString()) as Fields,
        };
  };

  beforeAll(async () => {
    rabbit = await createRabbitTestVhost();
    t = await startCapacityTestApp({ AMQP_URL: rabbit.url }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    model = await connect(rabbit.url);
    channel = await model.createChannel();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const [identifier, date] of [
      ['order-1', '2026-11-26'],
      ['order-2', '2026-11-26'],
      ['order-3', '2026-12-01'],
    ]) {
      const body = reservationBody(identifier, { selections: [e10Selection({ deliveryDate: date })] });
      expect((await postReservation(server, body)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await model.close();
    await t.close();
    await rabbit.dispose();
  });

  it('lists the two reservations, publishes each once, counts them four days ahead', async () => {
    expect((await putConfiguration(server, withHolidays('2026-11-25'))).status).toBe(200);
    const page = await waitFor(
      async () => {
        const res = await list();
        return res.body.checked === true && res.body;
      },
      10_000,
      'the check of version 2',
    );
    const risk = (identifier: string) => ({
      identifier,
      status: 'HELD',
      createdAt: '2026-11-22T17:00:00.000Z',
      reason: 'HOLIDAY',
      step: { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25' },
      node: 'CD01',
      selection: {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        deliveryDate: '2026-11-26',
        deliveryWindow: 'AM',
      },
      earliestPromise: { deliveryDate: '2026-11-28', deliveryWindow: 'AM' },
    });
    expect(page).toEqual({
      configurationVersion: 2,
      checked: true,
      page: 1,
      pageSize: 100,
      total: 2,
      items: [risk('order-1'), risk('order-2')],
    });

    const first = await waitFor(nextEvent, 10_000, 'the first event');
    const second = await waitFor(nextEvent, 10_000, 'the second event');
    const { identifier: _i, createdAt: _c, ...rest } = risk('order-1');
    expect([first, second]).toEqual([
      {
        messageId: 'reservation-at-risk:2:order-1',
        body: { schemaVersion: 1, configurationVersion: 2, identifier: 'order-1', ...rest },
      },
      {
        messageId: 'reservation-at-risk:2:order-2',
        body: { schemaVersion: 1, configurationVersion: 2, identifier: 'order-2', ...rest },
      },
    ]);
    // the gauge is counted after the events are published
    await waitFor(async () => (await metricValue(server, 'capacity_reservations_at_risk')) === 2, 10_000);
    const text = (await request(server).get('/metrics')).text;
    expect(text).toContain('capacity_reservations_at_risk{day_offset="4"} 2');
    expect(text).toContain('capacity_reservations_at_risk{day_offset="1"} 0');
  });

  it('filters by reason, delivery date and origin, pages, and drops a released reservation', async () => {
    const identifiers = async (query: string) =>
      (await list(query)).body.items.map((item: Fields) => item.identifier);
    expect(await identifiers('?reason=HOLIDAY')).toEqual(['order-1', 'order-2']);
    expect(await identifiers('?reason=COUNTER_FULL')).toEqual([]);
    expect(await identifiers('?deliveryDate=2026-12-01')).toEqual([]);
    expect(await identifiers('?origin=CD01&deliveryDate=2026-11-26')).toEqual(['order-1', 'order-2']);
    const second = (await list('?pageSize=1&page=2')).body;
    expect([second.total, second.items.map((item: Fields) => item.identifier)]).toEqual([2, ['order-2']]);
    expect((await list('?page=3&pageSize=1')).body).toMatchObject({ total: 2, items: [] });
    await releaseReservation(server, 'order-1');
    expect(await identifiers('')).toEqual(['order-2']);
    const moved = await request(server)
      .post('/capacity/v1/delivery/capacity/reservations/order-2/move')
      .set('Authorization', await authWith('capacity:reserve'))
      .send({ moveIdentifier: 'order-2-move' });
    expect([moved.status, moved.body.selections[0].deliveryDate]).toEqual([200, '2026-11-28']);
    expect(await identifiers('')).toEqual([]);
  });

  it('a newly broken reservation is published once; a later version that keeps it at risk publishes nothing', async () => {
    const version = async (expected: number) =>
      waitFor(async () => {
        const body = (await list()).body;
        return body.configurationVersion === expected && body.checked;
      }, 10_000);
    // the departure of order-3's 12-01 delivery is Monday 11-30
    expect((await putConfiguration(server, withHolidays('2026-11-25', '2026-11-30'))).status).toBe(200);
    await version(3);
    expect((await list()).body.items.map((item: Fields) => item.identifier)).toEqual(['order-3']);
    expect(await waitFor(nextEvent, 10_000)).toMatchObject({ messageId: 'reservation-at-risk:3:order-3' });
    expect(
      (await putConfiguration(server, withHolidays('2026-11-25', '2026-11-30', '2026-12-24'))).status,
    ).toBe(200);
    await version(4);
    const rows = await t.app.get(Database)
      .query(`SELECT version, identifier, newly, published_at IS NOT NULL AS published
              FROM capacity_reservation_risks ORDER BY version, identifier`);
    expect(rows).toEqual([
      { version: '2', identifier: 'order-1', newly: true, published: true },
      { version: '2', identifier: 'order-2', newly: true, published: true },
      { version: '3', identifier: 'order-3', newly: true, published: true },
      { version: '4', identifier: 'order-3', newly: false, published: false },
    ]);
    expect(await nextEvent()).toBeUndefined();
  });

  it('a query that cannot be one is 400 naming the parameter; 403 without the scope capacity:reserve', async () => {
    const fields = async (query: string) => {
      const res = await list(query);
      return [res.status, res.body.details.errors.map((error: Fields) => error.field)];
    };
    expect(await fields('?reason=LATE')).toEqual([400, ['reason']]);
    expect(await fields('?pageSize=0')).toEqual([400, ['pageSize']]);
    expect(await fields('?page=99999999999999999999')).toEqual([400, ['page']]);
    expect(await fields('?deliveryDate=2026-02-30')).toEqual([400, ['deliveryDate']]);
    expect(await fields('?limit=3')).toEqual([400, ['limit']]);
    const forbidden = await request(server)
      .get(AT_RISK)
      .set('Authorization', await authWith('capacity:calculate'));
    expect(forbidden.status).toBe(403);
  });
});
