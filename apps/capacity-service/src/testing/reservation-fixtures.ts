import request from 'supertest';
import type { App } from 'supertest/types';
import type { Database } from '@delivery/persistence';
import { authWith, e10Request } from './capacity-fixtures';

/** Builders and HTTP helpers for reservation tests (reservations.md R1). */
export const RESERVATIONS_PATH = '/capacity/v1/delivery/capacity/reservations';

type Fields = Record<string, unknown>;

/** E10 row 1's first date: CD01 → LIM-CENTRO, delivered 2026-11-26. */
export function e10Selection(fields: Fields = {}): Fields {
  return {
    origin: 'CD01',
    dispatchMode: 'HOME_DELIVERY',
    destination: 'LIM-CENTRO',
    deliveryDate: '2026-11-26',
    ...fields,
  };
}

export function reservationBody(identifier: string, fields: Fields = {}): Fields {
  return { identifier, request: e10Request(), selections: [e10Selection()], ...fields };
}

export async function postReservation(server: App, body: unknown, authorization?: string) {
  return request(server)
    .post(RESERVATIONS_PATH)
    .set('Authorization', authorization ?? (await authWith('capacity:reserve')))
    .send(body as object);
}

export async function confirmReservation(server: App, identifier: string) {
  return request(server)
    .post(`${RESERVATIONS_PATH}/${encodeURIComponent(identifier)}/confirm`)
    .set('Authorization', await authWith('capacity:reserve'));
}

export async function releaseReservation(server: App, identifier: string) {
  return request(server)
    .delete(`${RESERVATIONS_PATH}/${encodeURIComponent(identifier)}`)
    .set('Authorization', await authWith('capacity:reserve'));
}

export async function getReservation(server: App, identifier: string) {
  return request(server)
    .get(`${RESERVATIONS_PATH}/${encodeURIComponent(identifier)}`)
    .set('Authorization', await authWith('capacity:reserve'));
}

/** Every counter row as `SCOPE ref date used N [of C]`, in key order. */
export async function counterRows(db: Database): Promise<string[]> {
  const rows: { row: string }[] = await db.query(
    `SELECT scope || ' ' || ref || ' ' || to_char(date, 'YYYY-MM-DD') || ' used ' || used ||
            coalesce(' of ' || capacity, '') AS row
     FROM capacity_counters ORDER BY scope, ref, date`,
  );
  return rows.map((row) => row.row);
}

/** The value of an unlabelled counter (or the sum of a labelled one's series) in a Prometheus text exposition. */
export async function metricValue(server: App, name: string): Promise<number> {
  const text = (await request(server).get('/metrics')).text;
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
