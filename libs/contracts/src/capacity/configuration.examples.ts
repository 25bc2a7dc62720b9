/** Example body of `PUT {base}/configuration` (Swagger): one warehouse, one zone, one route with two windows, one stock row. */
export const CONFIGURATION_EXAMPLE = {
  settings: {
    timezone: 'America/Lima',
    searchHorizonDays: 30,
    maxDeliveryDates: 5,
    maxLegs: 3,
    maxAlternativePaths: 3,
    wholesale: {
      unitsThreshold: 100,
      additionalDays: 2,
    },
  },
  nodes: [
    {
      code: 'CD01',
      type: 'CD',
      name: 'CD Lurín',
      shortName: 'LUR',
      address: {
        address: 'Av. Industrial 1',
        district: 'Lurín',
        province: 'Lima',
        ubigeoCode: '150119',
        country: 'PE',
        latitude: -12.2746,
        longitude: -76.8706,
      },
      platformWarehouseId: 'WH-CD01',
      platformDockId: 'DOCK-CD01-1',
      contactNumber: '+51 1 555 0101',
      pickupPointId: null,
      deliveryTime: null,
      pickingDays: ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'],
      processingDays: 1,
      pickingCutoffTime: '18:00',
      pickingCapacity: 1000,
      holidays: ['2026-12-25'],
    },
  ],
  zones: [
    {
      code: 'LIM-CENTRO',
      ubigeoCodes: ['150101', '150131', '150115'],
    },
  ],
  routes: [
    {
      code: 'R-CD01-LIMCENTRO-N',
      description: 'CD Lurín to Lima Centro',
      source: 'CD01',
      targetZone: 'LIM-CENTRO',
      mode: 'HOME_DELIVERY',
      dispatchTypes: ['NORMAL'],
      daysOfWeek: ['LUN', 'MIE', 'VIE'],
      leadTimeDays: 1,
      dispatchCapacity: 200,
      priority: 10,
      cost: {
        base: 10,
        perKg: 0.5,
      },
      deliveryWindows: [
        {
          code: 'AM',
          start: '09:00',
          end: '13:00',
          capacity: 40,
        },
        {
          code: 'PM',
          start: '14:00',
          end: '18:00',
          capacity: 40,
        },
      ],
    },
  ],
  stock: [
    {
      sku: 'SKU-1',
      node: 'CD01',
      available: 500,
    },
  ],
};
