import type { FactoryProvider } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { EVENT_BUS } from '@openfleet/service-kit';
import { VehicleRegistry, type VehicleRegistryOptions } from './vehicle-registry';

/**
 * The service's own `VehicleRegistry` (list it in the service module's providers): its own
 * instance and consumer groups, so composed services in one process never share one.
 */
export function vehicleRegistryProvider(options: VehicleRegistryOptions): FactoryProvider<VehicleRegistry> {
  return { provide: VehicleRegistry, useFactory: (bus: EventBus) => new VehicleRegistry(bus, options), inject: [EVENT_BUS] };
}
