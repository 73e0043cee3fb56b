import type { Provider, Type } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';

/**
 * One feature of the vehicle-service (records, reminders, fuel): what it adds to the service's
 * module. Each feature lists its own tables, migrations, controllers and providers in its folder,
 * so the features grow side by side without editing one shared list.
 */
export interface VehicleServicePart {
  entities: (new () => unknown)[];
  migrations: (new () => MigrationInterface)[];
  controllers: Type<unknown>[];
  providers: Provider[];
}
