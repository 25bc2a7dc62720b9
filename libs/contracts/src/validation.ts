/**
 * The validation vocabulary and the one reading of dates and instants, without the HTTP bodies (whose Swagger
 * decorators only the services load): what the platform's validators import, as `@delivery/contracts/validation`.
 */
export * from './instant.parser';
export * from './validation.vocabulary';
