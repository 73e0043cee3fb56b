import { BadRequestException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

interface ArrayCap {
  property: string;
  max: number;
}

const capsByType = new WeakMap<object, ArrayCap[]>();

/** The `@ArrayMaxSize(n)` constraints a DTO class declares (inherited ones included), read once per class. */
function arrayCapsOf(metatype: object): ArrayCap[] {
  let caps = capsByType.get(metatype);
  if (!caps) {
    caps = getMetadataStorage()
      .getTargetValidationMetadatas(metatype as new () => object, '', true, false)
      .filter((metadata) => metadata.name === 'arrayMaxSize' && typeof metadata.constraints?.[0] === 'number')
      .map((metadata) => ({ property: metadata.propertyName, max: metadata.constraints[0] as number }));
    capsByType.set(metatype, caps);
  }
  return caps;
}

/**
 * Refuses a payload whose array is longer than its DTO's `@ArrayMaxSize` before anything looks at
 * the items: class-transformer instantiates every element and class-validator validates every one
 * (nested DTOs included) even when the size constraint already failed, which took seconds for a
 * 10,000-item list. Answers the message class-validator would (400 with the field in `data`).
 */
export function assertDeclaredArrayCaps(value: unknown, metatype: object): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  const over = arrayCapsOf(metatype).filter(({ property, max }) => Array.isArray(record[property]) && (record[property] as unknown[]).length > max);
  if (over.length) throw new BadRequestException(over.map(({ property, max }) => `${property} must contain no more than ${max} elements`));
}

/**
 * The platform's global pipe: class-validator with unknown fields refused and payloads transformed,
 * after the cheap cap on declared list sizes (`assertDeclaredArrayCaps`).
 */
export class PlatformValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && this.toValidate(metadata)) assertDeclaredArrayCaps(value, metadata.metatype);
    return super.transform(metadata.type === 'query' ? withoutCacheBuster(value) : value, metadata);
  }
}

/**
 * The console stamps every GET with `_t` (spec §7: no cache answers it). It means nothing to a
 * service, so a query DTO need not declare it: it is dropped here, once for every query, rather
 * than refused as an unknown field by a DTO that forgot it.
 */
export const CACHE_BUSTER = '_t';

function withoutCacheBuster(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !(CACHE_BUSTER in value)) return value;
  const { [CACHE_BUSTER]: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}
