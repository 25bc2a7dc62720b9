import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer, mintToken } from '@delivery/auth/testing';
import type { Scope } from '@delivery/auth';

/** Builders for capacity-service tests: the demo world (E10), requests of both layouts, tokens, HTTP helpers. */
export { DEMO_CONFIGURATION_PATH, demoConfiguration } from './unit-fixtures';

type Fields = Record<string, unknown>;

/** E10: purchase 2026-11-23, one item SKU-1, quantity 2, weight 1500 g, NORMAL, home delivery to LIM-CENTRO. */
export function e10Request(fields: Fields = {}, origin = 'CD01'): Fields {
  return {
    purchaseDate: '2026-11-23',
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'LIM-CENTRO' },
    items: [{ skuCode: 'SKU-1', quantity: 2, weight: 1500, origin }],
    ...fields,
  };
}

/** The same in layout B: one line. */
export function e10Line(fields: Fields = {}): Fields {
  return {
    origin: 'CD01',
    entityType: 'CD',
    skuCode: 'SKU-1',
    zone: 'LIM-CENTRO',
    dispatchType: 'NORMAL',
    destination: '150101',
    quantity: 2,
    weight: 1500,
    latitude: -12.0464,
    longitude: -77.0428,
    deliveryMode: 'HOME_DELIVERY',
    ...fields,
  };
}

export function layoutB(items: Fields[], fields: Fields = {}): Fields {
  return { purchaseDate: '2026-11-23', items, ...fields };
}

const tokens = new Map<string, Promise<string>>();

/** `Authorization` value of a JWT holding `scopes`. */
export function authWith(...scopes: Scope[]): Promise<string> {
  const key = scopes.join(' ');
  let token = tokens.get(key);
  if (token === undefined) tokens.set(key, (token = mintToken({ scopes, expiresIn: 3600 }).then(bearer)));
  return token;
}

export const CAPACITY_PATH = '/capacity/v1/delivery/capacity';
export const CONFIGURATION_PATH = '/capacity/v1/configuration';

export async function postCapacity(server: App, body: unknown) {
  return request(server)
    .post(CAPACITY_PATH)
    .set('Authorization', await authWith('capacity:calculate'))
    .send(body as object);
}

export async function putConfiguration(server: App, document: unknown) {
  return request(server)
    .put(CONFIGURATION_PATH)
    .set('Authorization', await authWith('configuration:write'))
    .send(document as object);
}

export async function getConfiguration(server: App) {
  return request(server)
    .get(CONFIGURATION_PATH)
    .set('Authorization', await authWith('configuration:read'));
}

export async function loadConfiguration(server: App) {
  return request(server)
    .post(`${CONFIGURATION_PATH}/load`)
    .set('Authorization', await authWith('configuration:load'));
}
