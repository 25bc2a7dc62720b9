/** What the reservations feature gives the app. */
export { ReservationsModule } from './reservations.module';
