/** Example bodies of `POST {base}/delivery/capacity` (Swagger): the first worked example of E10, in each layout. */
export const LAYOUT_A_EXAMPLE = {
  identifier: 'order-123',
  purchaseDate: '2026-11-23',
  saleChannel: 'WEB',
  dispatchType: 'NORMAL',
  dispatchMode: 'HOME_DELIVERY',
  calculationOptions: { validateStock: true, dispatchCostEnabled: true },
  deliveryData: { zone: 'LIM-CENTRO', ubigeoCode: '150101', latitude: -12.0464, longitude: -77.0428 },
  items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500, line: '1' }],
};

/** The same order with its dates kept with probability 0.95 (docs/learning.md), whatever its sale channel's setting. */
export const LAYOUT_A_CONFIDENCE_EXAMPLE = {
  ...LAYOUT_A_EXAMPLE,
  calculationOptions: { ...LAYOUT_A_EXAMPLE.calculationOptions, confidence: 0.95 },
};

export const LAYOUT_B_EXAMPLE = {
  purchaseDate: '2026-11-23',
  items: [
    {
      origin: 'CD01',
      entityType: 'CD',
      skuCode: 'SKU-1',
      zone: 'LIM-CENTRO',
      dispatchType: 'NORMAL',
      destination: '150101',
      quantity: 2,
      latitude: -12.0464,
      longitude: -77.0428,
      deliveryMode: 'HOME_DELIVERY',
      line: '1',
    },
  ],
};
