import type { ArgumentMetadata } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import 'reflect-metadata';

/**
 * Compatibility of request bodies with clients written for the original API (issue 12), applied by the validation
 * pipe before it validates a body DTO:
 * - read-only fields a client echoes back from what it read (`_id`, `createdAt`, ...) are dropped when the DTO
 *   lists them with @EchoableFields, so they are accepted and never applied; any other unknown field stays a 400;
 * - a string that is exactly a number (an HTML number input's value, `"6"`) becomes that number where the DTO's
 *   field is declared `number`; anything else is left for the validators to refuse, naming the field.
 */

const ECHOABLE = Symbol('okb:echoableFields');

/** Fields every resource's answer may carry and no update applies (Mongo-style clients echo `__v` and `id`). */
const ALWAYS_ECHOABLE = ['_id', 'id', '__v', 'createdAt', 'updatedAt'] as const;

/**
 * On an update DTO: the read-only fields of its resource that a client may send back unchanged with the object it
 * read. They are removed before validation and never reach the handler. `_id`, `id`, `__v`, `createdAt` and
 * `updatedAt` are always included.
 */
export function EchoableFields(...fields: string[]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(ECHOABLE, new Set<string>([...ALWAYS_ECHOABLE, ...fields]), target);
  };
}

export function echoableFields(type: unknown): ReadonlySet<string> | undefined {
  return typeof type === 'function' ? (Reflect.getMetadata(ECHOABLE, type) as Set<string> | undefined) : undefined;
}

/** Exactly a decimal number: optional minus, digits with an optional fraction, optional exponent. No spaces. */
const NUMERIC = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A DTO class. */
type DtoClass = abstract new (...args: never[]) => unknown;

const numericCache = new WeakMap<DtoClass, Set<string>>();

/** Validators that make a field a number whatever its declared type (`number | null` is emitted as Object by some compilers). */
const NUMBER_VALIDATORS = new Set(['isNumber', 'isInt']);

/** The body fields of `type` declared as `number` (TypeScript's emitted design:type) or validated as one (@IsNumber, @IsInt). */
function numberFields(type: DtoClass, keys: string[]): Set<string> {
  let known = numericCache.get(type);
  if (!known) {
    known = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((m) => m.name !== undefined && NUMBER_VALIDATORS.has(m.name))
        .map((m) => m.propertyName),
    );
    numericCache.set(type, known);
  }
  for (const key of keys) {
    if (known.has(key)) continue;
    if (Reflect.getMetadata('design:type', type.prototype as object, key) === Number) known.add(key);
  }
  return known;
}

/** The body as the DTO should see it: echoed read-only fields dropped, numeric strings made numbers. */
export function compatBody(value: unknown, metadata: ArgumentMetadata): unknown {
  const type = metadata.metatype as DtoClass | undefined;
  if (metadata.type !== 'body' || typeof type !== 'function' || !value || typeof value !== 'object' || Array.isArray(value)) {
    return value;
  }
  if ([String, Number, Boolean, Object, Array].includes(type as never)) return value;
  const source = value as Record<string, unknown>;
  const echoable = echoableFields(type);
  const keys = Object.keys(source);
  const numeric = numberFields(type, keys);
  let out: Record<string, unknown> | undefined;
  for (const key of keys) {
    const field = source[key];
    if (echoable?.has(key) && !hasOwnField(type, key)) {
      out ??= { ...source };
      delete out[key];
    } else if (typeof field === 'string' && numeric.has(key) && NUMERIC.test(field) && Number.isFinite(Number(field))) {
      out ??= { ...source };
      out[key] = Number(field);
    }
  }
  return out ?? value;
}

/** Whether the DTO itself declares `key` (an echoable name the DTO writes, like ChangeRoleDto's role, is kept). */
function hasOwnField(type: DtoClass, key: string): boolean {
  return Reflect.getMetadata('design:type', type.prototype as object, key) !== undefined;
}
