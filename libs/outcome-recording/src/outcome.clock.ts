/** Injection token of the clock outcomes are recorded and swept by: the app's own clock (`OutcomeRecordingModule.forRoot`). */
export const OUTCOME_CLOCK = Symbol('OUTCOME_CLOCK');
