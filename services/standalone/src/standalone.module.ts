import { Module, type DynamicModule } from '@nestjs/common';
import { AdminModule } from '@openfleet/admin';
import { AlarmModule } from '@openfleet/alarm';
import { ApiModule } from '@openfleet/api';
import { EnergyModule } from '@openfleet/energy';
import { FenceModule } from '@openfleet/fence';
import { Forwarder809Module } from '@openfleet/forwarder-809';
import { FrameArchiveModule } from '@openfleet/frame-archive';
import { Gateway808Module } from '@openfleet/gateway-808';
import { IndustryModule } from '@openfleet/industry';
import { InstructionModule } from '@openfleet/instruction';
import type { EventBus } from '@openfleet/bus';
import { PlatformModule } from '@openfleet/service-kit';
import { TrackingModule } from '@openfleet/tracking';
import { VehicleServiceModule } from '@openfleet/vehicle-service';
import { VideoModule } from '@openfleet/video';
import type { StandaloneConfig } from './standalone-config';

/** Every service module in one process. Each later service plugs itself in here. */
@Module({})
export class StandaloneModule {
  static register(config: StandaloneConfig, bus: EventBus, env: NodeJS.ProcessEnv = process.env): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        PlatformModule.forRoot({ processName: 'standalone', config, bus, env }),
        // One line per service module.
        ApiModule,
        AdminModule,
        Gateway808Module,
        TrackingModule,
        InstructionModule,
        FenceModule,
        AlarmModule,
        Forwarder809Module,
        EnergyModule,
        VideoModule,
        VehicleServiceModule,
        IndustryModule,
        FrameArchiveModule,
      ],
    };
  }
}
