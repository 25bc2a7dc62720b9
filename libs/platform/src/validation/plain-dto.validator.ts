// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient types of a module that has none: every project compiling this file (its own and its dependents') needs them
/// <reference path="./class-transformer-storage.d.ts" />
/**
 * Validates a parsed JSON body against a DTO class's class-validator rules without turning it into class
 * instances: the DTO decorators stay the one source of truth (with Swagger's), and the body the domain receives is
 * the plain object as sent. Compared with `ValidationPipe` (class-transformer + class-validator) it
 *  - never descends into a value the DTO does not describe, so a deeply nested body cannot exhaust the stack;
 *  - sees every own key, `__proto__` and `constructor` included, so an unknown property is always reported;
 *  - treats `null` as absent (E9): a required field that is null is missing, an optional one is skipped;
 *  - reports each problem once, with a JSON path (`items[3].quantity`) and the rule's message;
 *  - runs a plan built once per class (a few microseconds for a 10-item request).
 * Supported decorators: `@IsDefined()` (required), `@IsOptional()`, `@ValidateNested()` with class-transformer's
 * `@Type(() => X)` (each: arrays of X), and any synchronous constraint (`@IsString()`, `@Min()`, custom ones).
 */
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import {
  getMetadataStorage,
  ValidationArguments,
  ValidationTypes,
  ValidatorConstraintInterface,
} from 'class-validator';
import { NOT_AN_ARRAY, NOT_AN_OBJECT, REQUIRED, UNKNOWN_PROPERTY } from '@delivery/contracts/validation';

export interface FieldProblem {
  field: string;
  message: string;
}

type DtoClass = abstract new (...args: never[]) => object;

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

interface Check {
  readonly each: boolean;
  readonly constraints: unknown[];
  readonly constraint: ValidatorConstraintInterface;
  readonly message: ValidationMetadata['message'] | undefined;
}

interface PropertyPlan {
  readonly name: string;
  readonly required: boolean;
  readonly checks: readonly Check[];
  readonly nested: { readonly type: DtoClass; readonly each: boolean } | null;
}

interface ClassPlan {
  readonly target: DtoClass;
  readonly properties: ReadonlyMap<string, PropertyPlan>;
}

const plans = new WeakMap<DtoClass, ClassPlan>();
const own = (object: object, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The wording of every problem is the contracts' validation vocabulary (docs/api.md, "Validation"). */
export class PlainDtoValidator<T extends object = object> {
  constructor(private readonly target: abstract new (...args: never[]) => T) {
    planOf(target);
  }

  /** The properties the DTO defines (its own and inherited), in declaration order. */
  propertyNames(): string[] {
    return [...planOf(this.target).properties.keys()];
  }

  /** Every problem of `value`, in document order; empty when valid. */
  validate(value: unknown): FieldProblem[] {
    const problems: FieldProblem[] = [];
    this.object(value, this.target, '', problems);
    return problems;
  }

  /** `value` typed as the DTO when it has no problem (the plain object itself, not an instance). */
  check(value: unknown): { ok: true; value: T } | { ok: false; problems: FieldProblem[] } {
    const problems = this.validate(value);
    return problems.length === 0 ? { ok: true, value: value as T } : { ok: false, problems };
  }

  private object(value: unknown, target: DtoClass, path: string, problems: FieldProblem[]): void {
    if (!isObject(value)) {
      problems.push({ field: path, message: NOT_AN_OBJECT });
      return;
    }
    const plan = planOf(target);
    for (const key of Object.keys(value)) {
      if (!plan.properties.has(key)) problems.push({ field: join(path, key), message: UNKNOWN_PROPERTY });
    }
    for (const property of plan.properties.values()) {
      this.property(value, own(value, property.name), property, plan, join(path, property.name), problems);
    }
  }

  private property(
    object: object,
    value: unknown,
    property: PropertyPlan,
    plan: ClassPlan,
    path: string,
    problems: FieldProblem[],
  ): void {
    if (value === undefined || value === null) {
      if (property.required) problems.push({ field: path, message: REQUIRED });
      return;
    }
    for (const check of property.checks) {
      const failure =
        check.each && Array.isArray(value)
          ? value.findIndex((item) => !passes(check, item, object, property, plan))
          : passes(check, value, object, property, plan)
            ? -1
            : -2;
      if (failure === -1) continue;
      const failed = failure === -2 ? value : (value as unknown[])[failure];
      problems.push({
        field: failure === -2 ? path : `${path}[${failure}]`,
        message: messageOf(check, failed, object, property, plan),
      });
      return;
    }
    const nested = property.nested;
    if (nested === null) return;
    if (!nested.each) {
      this.object(value, nested.type, path, problems);
    } else if (!Array.isArray(value)) {
      problems.push({ field: path, message: NOT_AN_ARRAY });
    } else {
      value.forEach((item, index) => this.object(item, nested.type, `${path}[${index}]`, problems));
    }
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function argumentsOf(check: Check, value: unknown, object: object, property: PropertyPlan, plan: ClassPlan) {
  const args: ValidationArguments = {
    value,
    constraints: check.constraints,
    targetName: plan.target.name,
    object,
    property: property.name,
  };
  return args;
}

function passes(
  check: Check,
  value: unknown,
  object: object,
  property: PropertyPlan,
  plan: ClassPlan,
): boolean {
  const result = check.constraint.validate(value, argumentsOf(check, value, object, property, plan));
  if (typeof result !== 'boolean')
    throw new Error(`${plan.target.name}.${property.name}: asynchronous rules are not supported`);
  return result;
}

/** class-validator's message with its tokens replaced, without the leading property name ("must be a string"). */
function messageOf(
  check: Check,
  value: unknown,
  object: object,
  property: PropertyPlan,
  plan: ClassPlan,
): string {
  const args = argumentsOf(check, value, object, property, plan);
  const template = check.message || check.constraint.defaultMessage?.(args) || '$property is invalid';
  let message = typeof template === 'function' ? template(args) : template;
  check.constraints.forEach((constraint, index) => {
    const text = Array.isArray(constraint) ? constraint.join(', ') : String(constraint);
    message = message.split(`$constraint${index + 1}`).join(text);
  });
  message = message.split('$property').join(property.name).split('$target').join(plan.target.name);
  return message.startsWith(`${property.name} `) ? message.slice(property.name.length + 1) : message;
}

function planOf(target: DtoClass): ClassPlan {
  let plan = plans.get(target);
  if (plan !== undefined) return plan;
  const storage = getMetadataStorage();
  const grouped = storage.groupByPropertyName(
    storage.getTargetValidationMetadatas(target as unknown as new () => object, '', true, false),
  );
  const properties = new Map<string, PropertyPlan>();
  for (const [name, metadata] of Object.entries(grouped)) {
    const nestedMetadata = metadata.find((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    let nested: PropertyPlan['nested'] = null;
    if (nestedMetadata !== undefined) {
      const type = defaultMetadataStorage.findTypeMetadata(target, name)?.typeFunction() as
        DtoClass | undefined;
      if (type === undefined)
        throw new Error(`${target.name}.${name}: @ValidateNested() needs @Type(() => …)`);
      nested = { type, each: nestedMetadata.each };
    }
    const checks = metadata
      .filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION)
      .reverse() // decorators register bottom-up: run them in source order
      .flatMap((m) =>
        storage.getTargetValidatorConstraints(m.constraintCls).map((constraint): Check => ({
          each: m.each,
          constraints: m.constraints ?? [],
          constraint: constraint.instance,
          message: m.message,
        })),
      );
    properties.set(name, {
      name,
      required: metadata.some((m) => m.type === ValidationTypes.IS_DEFINED),
      checks,
      nested,
    });
  }
  plan = { target, properties };
  plans.set(target, plan);
  return plan;
}
