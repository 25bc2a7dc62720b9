/** What the reservation-risk feature gives the others (through ReservationRiskModule's exports). */
export { ReservationFitCheck, type ReservationRisk } from './reservation-fit.check';
export { ReservationRiskModule } from './reservation-risk.module';
export { presentRisk, presentRisks } from './reservation-risk.presenter';
