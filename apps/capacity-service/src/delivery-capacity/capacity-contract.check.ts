/**
 * The contract's DTOs and the domain's types describe the same request, responses and explanation twice (the
 * domain keeps its own types, free of decorators). This file joins them for the compiler, which `npm run typecheck`
 * runs: every DTO has exactly the fields of its domain type, at every depth, and a validated request is a domain
 * request. A field added to one side only, or typed apart, stops the build here. Nothing here runs.
 */
import type * as Domain from '@delivery/capacity-domain';
import type * as Contract from '@delivery/contracts';

type Element<T> = T extends readonly (infer E)[] ? E : T;
type Plain<T> = NonNullable<Element<NonNullable<T>>>;
type IsRecord<T> = [T] extends [object] ? ([T] extends [Date] ? false : true) : false;

/** The paths whose fields differ between `C` (contract) and `D` (domain); never when they match. */
export type FieldMismatches<C, D, P extends string = ''> =
  | `${P}${Exclude<keyof C, keyof D> & string}: contract only`
  | `${P}${Exclude<keyof D, keyof C> & string}: domain only`
  | {
      [K in keyof C & keyof D & string]: IsRecord<Plain<C[K]>> extends true
        ? IsRecord<Plain<D[K]>> extends true
          ? FieldMismatches<Plain<C[K]>, Plain<D[K]>, `${P}${K}.`>
          : `${P}${K}: an object in the contract only`
        : IsRecord<Plain<D[K]>> extends true
          ? `${P}${K}: an object in the domain only`
          : never;
    }[keyof C & keyof D & string];

/** Compiles only when `T` is never (no mismatch). */
type None<T extends never> = T;
/** Compiles only when `From` is assignable to `To`. */
type Assignable<From extends To, To> = [From, To];

export type Checked = [
  None<FieldMismatches<Contract.CalculateDeliveryCapacityRequest, Domain.CalculateDeliveryCapacityRequest>>,
  None<FieldMismatches<Contract.DeliveryDateRequest, Domain.DeliveryDateRequest>>,
  Assignable<Contract.CalculateDeliveryCapacityRequest, Domain.CalculateDeliveryCapacityRequest>,
  Assignable<Contract.DeliveryDateRequest, Domain.DeliveryDateRequest>,
  None<
    Exclude<
      FieldMismatches<Contract.CalculateDeliveryCapacityResponse, Domain.CalculateDeliveryCapacityResponse>,
      // part of the contract (spec 2.6) for provider errors; this service has no providers and never sends it
      'logisticsCapacity.detailedCapacityError.providerDetails: contract only'
    >
  >,
  None<FieldMismatches<Contract.DeliveryDateLineResponse, Domain.DeliveryDateLineResponse>>,
  None<
    Exclude<
      FieldMismatches<Contract.CalculationExplanationResponse, Domain.CalculationExplanation>,
      // added to the engine's basis by the controller, from the recorded deliveries (docs/accuracy.md)
      'basis.routeOnTime: contract only'
    >
  >,
];

/** The check itself is checked: a field added on either side, at any depth, is reported. */
export type CheckedChecker = [
  // @ts-expect-error a field the contract adds
  None<FieldMismatches<Contract.DeliveryDateRequest & { extra?: string }, Domain.DeliveryDateRequest>>,
  // @ts-expect-error a nested field the domain adds
  None<FieldMismatches<Contract.DeliveryDataRequest, Domain.DeliveryDataRequest & { extra?: number | null }>>,
  // field types are not compared here (the assignability checks above do that for requests)
  None<FieldMismatches<{ a: { b: string }[] }, { a: { b: number }[] }>>,
  // @ts-expect-error a field of an array's elements the contract adds
  None<FieldMismatches<{ a: { b: string; c: string }[] }, { a: { b: string }[] }>>,
];
