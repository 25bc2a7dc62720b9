/**
 * What every part of capacity-service shares and that is no feature: its configuration (the variables it reads, their
 * parser, the token it is injected under) and the error responses of its OpenAPI document.
 */
export {
  CAPACITY_AUTH_SCHEMES,
  CAPACITY_CONFIG,
  type CapacityConfig,
  parseCapacityConfig,
} from './capacity.config';
export { ErrorResponses } from './capacity.error-responses';
