export * from './calculation/calculation-data.reader';
export * from './configuration/configuration-storage.limits';
export * from './configuration/configuration.transaction';
export * from './configuration/configuration.repository';
export * from './reservations/capacity-reservation.repository';
export * from './usage/capacity-usage.repository';
