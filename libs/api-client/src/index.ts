import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components as CapacityComponents, paths as CapacityPaths } from './generated/capacity-service';
import type {
  components as UploadComponents,
  paths as UploadPaths,
} from './generated/product-upload-service';

export type { CapacityComponents, CapacityPaths, UploadComponents, UploadPaths };

type CapacitySchemas = CapacityComponents['schemas'];
type UploadSchemas = UploadComponents['schemas'];

export type ErrorResponse = CapacitySchemas['ErrorResponse'];
export type ErrorResponseCode = CapacitySchemas['ErrorResponseCode'];
export type CalculateDeliveryCapacityRequest = CapacitySchemas['CalculateDeliveryCapacityRequest'];
export type CalculateDeliveryCapacityResponse = CapacitySchemas['CalculateDeliveryCapacityResponse'];
export type Product = UploadSchemas['Product'];
export type UploadAcceptedResponse = UploadSchemas['UploadAcceptedResponse'];
export type UploadStatusResponse = UploadSchemas['UploadStatusResponse'];

/**
 * A typed client of capacity-service (openapi-fetch over the generated types): paths, bodies, parameters and
 * answers are checked against the committed OpenAPI document. `baseUrl` is the origin, e.g.
 * `http://localhost:3000`; pass the `Authorization` header in `headers`.
 */
export function createCapacityClient(options: ClientOptions & { baseUrl: string }): Client<CapacityPaths> {
  return createClient<CapacityPaths>(options);
}

/** A typed client of product-upload-service; `baseUrl` e.g. `http://localhost:3001`. */
export function createUploadClient(options: ClientOptions & { baseUrl: string }): Client<UploadPaths> {
  return createClient<UploadPaths>(options);
}
