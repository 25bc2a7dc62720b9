/** Test data of the outcomes' tables (`@delivery/outcome-recording/testing`): for tests only. */
export * from './outcome-fixtures';
