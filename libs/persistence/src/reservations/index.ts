export * from './capacity-reservation.repository';
export * from './reservation.records';
