import type { ServicePart } from '@openfleet/service-kit';
import { NearbyVehicles } from './nearby-vehicles';
import { RescueCase, RescueStepRow } from './rescue-case.entity';
import { RescueExportService } from './rescue-export.service';
import { RescueOpenerService } from './rescue-opener.service';
import { RescueController } from './rescue.controller';
import { RescueService } from './rescue.service';
import { RescueTables1732530000000 } from './1732530000000-rescue-tables';

/** Collision rescue (collisionRescue): cases opened from collision and rollover alarms, their workflow and timeline. */
export const RESCUE_PART: ServicePart = {
  entities: [RescueCase, RescueStepRow],
  migrations: [RescueTables1732530000000],
  controllers: [RescueController],
  providers: [NearbyVehicles, RescueService, RescueExportService, RescueOpenerService],
};
