/**
 * Example of `POST {base}/delivery/capacity/explanation` (Swagger), computed on the demo world (clock 2026-11-22
 * 12:00 Lima) with usage DISPATCH R-CD01-LIMCENTRO-N 2026-11-25 = 199 of 200: the full counter pushes the first
 * departure to 11-27, and `rangeStart` 11-29 filters its delivery date 11-28, so the first listed date is 12-01.
 * The response is abridged: one trace entry and the first three searches.
 */
export const EXPLANATION_REQUEST_EXAMPLE = {
  identifier: 'order-123',
  purchaseDate: '2026-11-23',
  saleChannel: 'WEB',
  dispatchType: 'NORMAL',
  dispatchMode: 'HOME_DELIVERY',
  calculationOptions: {
    rangeStart: '2026-11-29',
  },
  deliveryData: {
    zone: 'LIM-CENTRO',
  },
  items: [
    {
      skuCode: 'SKU-1',
      origin: 'CD01',
      quantity: 2,
      weight: 1500,
    },
  ],
};

export const EXPLANATION_RESPONSE_EXAMPLE = {
  calculationStatus: 200,
  calculation: {
    identifier: 'order-123',
    logisticsCapacity: [
      {
        origin: 'CD01',
        destination: 'LIM-CENTRO',
        dispatchType: 'NORMAL',
        dispatchMode: 'HOME_DELIVERY',
        zone: 'LIM-CENTRO',
        pickingDays: ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'],
        processingDays: 1,
        leadTimes: [1],
        routeDaysOfWeek: [['LUN', 'MIE', 'VIE']],
        route: 'R-CD01-LIMCENTRO-N',
        routeDescription: 'CD Lurín to Lima Centro',
        pickingDate: '2026-11-23',
        deliveryDates: [['2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08', '2026-12-10']],
        originEntityDetails: {
          entityType: 'CD',
          entityCode: 'CD01',
          name: 'CD Lurín',
          shortName: 'LUR',
          platformWarehouseId: 'WH-CD01',
          platformDockId: 'DOCK-CD01-1',
          contactNumber: '+51 1 555 0101',
          pickupPointId: null,
          deliveryTime: null,
          addressInfo: {
            address: 'Av. Industrial 1',
            district: 'Lurín',
            province: 'Lima',
            ubigeoCode: '150119',
            country: 'PE',
            latitude: -12.2746,
            longitude: -76.8706,
          },
          distanceInfo: null,
        },
        pickupEntityDetails: null,
        deliveryTrace: [
          {
            deliveryDate: '2026-12-01',
            shippingEstimate: 8,
            details: [
              {
                sourceNode: 'CD01',
                targetNode: 'LIM-CENTRO',
                route: 'R-CD01-LIMCENTRO-N',
                usedDispatchCapacity: 0,
                usedPickingCapacity: 0,
                dispatchDate: '2026-11-24',
                dispatchUnits: 2,
                leadTime: 1,
                daysOfWeek: 'LUN,MIE,VIE',
                departureDate: '2026-11-30',
                receptionDate: '2026-12-01',
              },
            ],
            deliveryWindows: [
              {
                deliveryWindow: 'AM',
                deliveryWindowStart: '2026-12-01T09:00:00-05:00',
                deliveryWindowEnd: '2026-12-01T13:00:00-05:00',
                blocked: false,
              },
              {
                deliveryWindow: 'PM',
                deliveryWindowStart: '2026-12-01T14:00:00-05:00',
                deliveryWindowEnd: '2026-12-01T18:00:00-05:00',
                blocked: false,
              },
            ],
          },
        ],
        arriveDates: [
          {
            node: 'LIM-CENTRO',
            arriveDate: '2026-12-01',
          },
        ],
        message: 'OK',
        detailedCapacityError: [],
        detailedCapacityWarning: [],
        dispatchItems: [
          {
            skuCode: 'SKU-1',
            origin: 'CD01',
            quantity: 2,
            weight: 1500,
          },
        ],
        isWholesale: false,
        wholesaleAdditionalDays: 0,
        validUntil: '2026-11-23T18:00:00-05:00',
      },
    ],
    prioritizationCriteria: 'EARLIEST_DELIVERY_DATE',
  },
  explanation: {
    basis: {
      now: '2026-11-22T17:00:00.000Z',
      businessNow: '2026-11-22T12:00:00-05:00',
      timeZone: 'America/Lima',
      configurationVersion: 1,
      identifier: 'order-123',
      counters: [
        {
          scope: 'DISPATCH',
          ref: 'R-CD01-LIMCENTRO-N',
          date: '2026-11-25',
          used: 199,
        },
      ],
      routeOnTime: [
        {
          route: 'R-CD01-LIMCENTRO-N',
          from: '2026-10-25',
          to: '2026-11-21',
          delivered: 0,
          openPastDate: 0,
          onTimeRate: null,
        },
      ],
    },
    placement: null,
    groups: [
      {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        dispatchType: 'NORMAL',
        destination: 'LIM-CENTRO',
        items: [0],
        units: 2,
        wholesaleAdditionalDays: 0,
        stockProblems: [],
        paths: [
          {
            route: 'R-CD01-LIMCENTRO-N',
            legs: [
              {
                route: 'R-CD01-LIMCENTRO-N',
                source: 'CD01',
                target: 'LIM-CENTRO',
                leadTimeDays: 1,
              },
            ],
            searches: [
              {
                step: 'PICKING',
                ref: 'CD01',
                purpose: 'FIRST',
                from: '2026-11-23',
                to: '2026-12-22',
                rejected: [],
                found: '2026-11-23',
              },
              {
                step: 'DEPARTURE',
                ref: 'R-CD01-LIMCENTRO-N',
                purpose: 'FIRST',
                from: '2026-11-24',
                to: '2026-12-23',
                rejected: [
                  {
                    date: '2026-11-24',
                    reason: 'NOT_DEPARTURE_DAY',
                  },
                  {
                    date: '2026-11-25',
                    reason: 'COUNTER_FULL',
                    counter: {
                      scope: 'DISPATCH',
                      ref: 'R-CD01-LIMCENTRO-N',
                      date: '2026-11-25',
                      used: 199,
                      capacity: 200,
                      needed: 2,
                    },
                  },
                  {
                    date: '2026-11-26',
                    reason: 'NOT_DEPARTURE_DAY',
                  },
                ],
                found: '2026-11-27',
              },
              {
                step: 'DEPARTURE',
                ref: 'R-CD01-LIMCENTRO-N',
                purpose: 'LATER',
                from: '2026-11-28',
                to: '2026-12-27',
                rejected: [
                  {
                    date: '2026-11-28',
                    reason: 'NOT_DEPARTURE_DAY',
                  },
                  {
                    date: '2026-11-29',
                    reason: 'NOT_DEPARTURE_DAY',
                  },
                ],
                found: '2026-11-30',
              },
            ],
            omittedSearches: 0,
            omittedSearchIndexes: null,
            filtered: [
              {
                deliveryDate: '2026-11-28',
                reason: 'BEFORE_RANGE',
              },
            ],
            omittedFiltered: 0,
            omittedFilteredIndexes: null,
            deliveryDates: ['2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08', '2026-12-10'],
            failure: null,
            rank: 1,
            rankKey: {
              firstDeliveryDate: '2026-12-01',
              prioritySum: 10,
              legCount: 1,
              route: 'R-CD01-LIMCENTRO-N',
            },
            chosen: true,
            listed: true,
          },
        ],
        chosenRoute: 'R-CD01-LIMCENTRO-N',
        validUntil: {
          at: '2026-11-23T18:00:00-05:00',
          reason: 'PICKING_CUTOFF',
          node: 'CD01',
          cutoffTime: '18:00',
          route: null,
          window: null,
          date: null,
        },
      },
    ],
  },
};
