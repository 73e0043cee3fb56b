import type { Provider, Type } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';

/**
 * One feature of a service that hosts several (the vehicle-service's records, reminders and fuel;
 * the industry service's cold chain, bus lines, waybills and certification): what it adds to the
 * service's module. Each feature lists its own tables, migrations, controllers and providers in its
 * folder (`src/<feature>/<feature>.part.ts`), so features grow side by side without editing one
 * shared list.
 */
export interface ServicePart {
  entities: (new () => unknown)[];
  migrations: (new () => MigrationInterface)[];
  controllers: Type<unknown>[];
  providers: Provider[];
}

/** The parts' lists joined, for the service's module decorator. */
export function joinParts(parts: readonly ServicePart[]): ServicePart {
  return {
    entities: parts.flatMap((part) => part.entities),
    migrations: parts.flatMap((part) => part.migrations),
    controllers: parts.flatMap((part) => part.controllers),
    providers: parts.flatMap((part) => part.providers),
  };
}
