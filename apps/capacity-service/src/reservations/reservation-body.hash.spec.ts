import type { CreateReservationCommand } from './create-reservation.use-case';
import { canonicalJson, reservationBodyHash } from './reservation-body.hash';

const body = (fields: Record<string, unknown> = {}): CreateReservationCommand =>
  ({
    identifier: 'order-1',
    request: {
      purchaseDate: '2026-11-23',
      saleChannel: 'WEB',
      deliveryData: { zone: 'Z' },
      items: [{ skuCode: 'S' }],
    },
    selections: [
      { origin: 'O', dispatchMode: 'HOME_DELIVERY', destination: 'Z', deliveryDate: '2026-11-26' },
    ],
    holdMinutes: 15,
    ...fields,
  }) as CreateReservationCommand;

describe('R2.4 canonical body hash', () => {
  it('sorts keys and drops nulls at every depth, keeps array order', () => {
    expect(canonicalJson({ b: [2, { y: null, x: 1 }], a: null, c: 'é' })).toBe('{"b":[2,{"x":1}],"c":"é"}');
    expect(canonicalJson([null, 1])).toBe('[null,1]');
  });

  it('is the same for key order, nulls and another identifier; differs otherwise', () => {
    const hash = reservationBodyHash(body());
    const reordered = JSON.parse(
      '{"selections":[{"deliveryDate":"2026-11-26","deliveryWindow":null,"destination":"Z","dispatchMode":"HOME_DELIVERY","origin":"O"}],' +
        '"request":{"items":[{"skuCode":"S"}],"deliveryData":{"zone":"Z","ubigeoCode":null},"saleChannel":"WEB","purchaseDate":"2026-11-23"},' +
        '"identifier":"order-2","holdMinutes":15}',
    );
    expect(reservationBodyHash(reordered)).toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reservationBodyHash(body({ holdMinutes: 16 }))).not.toBe(hash);
    expect(
      reservationBodyHash(body({ selections: [{ ...body().selections[0], deliveryWindow: 'AM' }] })),
    ).not.toBe(hash);
    expect(
      reservationBodyHash(body({ request: { ...body().request, items: [{ skuCode: 'S', quantity: 1 }] } })),
    ).not.toBe(hash);
  });
});
