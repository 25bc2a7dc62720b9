export * from './calculation/calculation-data.reader';
export * from './configuration/configuration-storage.limits';
export * from './configuration/configuration-version.repository';
export * from './configuration/configuration.repository';
export * from './reservations/capacity-reservation.repository';
export * from './reservations/reservation-move.records';
export * from './reservations/reservation.records';
export * from './usage/capacity-usage.repository';
