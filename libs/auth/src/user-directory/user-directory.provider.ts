import type { FactoryProvider } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { EVENT_BUS } from '@openfleet/service-kit';
import { UserDirectory } from './user-directory';

/**
 * The service's own `UserDirectory` (list it in the service module's providers): its own instance
 * and consumer group, so composed services in one process never share one.
 */
export function userDirectoryProvider(options: { service: string }): FactoryProvider<UserDirectory> {
  return { provide: UserDirectory, useFactory: (bus: EventBus) => new UserDirectory(bus, options.service), inject: [EVENT_BUS] };
}
