import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { ServiceStorageModule, serviceConfigProvider } from '@openfleet/service-kit';
import { BindingService } from './binding/binding.service';
import { FenceBinding, FenceIssue } from './binding/fence-binding.entity';
import { FenceEvaluatorService } from './evaluation/fence-evaluator.service';
import { FenceEventRow } from './evaluation/fence-event.entity';
import { FenceVehicleState } from './evaluation/fence-state.entity';
import { FenceCatalogue } from './fence/fence-catalogue';
import { FenceController } from './fence/fence.controller';
import { Fence } from './fence/fence.entity';
import { FenceService } from './fence/fence.service';
import { FENCE_CONFIG, FenceConfig } from './fence-config';
import { CreateFenceTables1732410000000 } from './migrations/1732410000000-create-fence-tables';
import { FenceRpmLimit1734760000000 } from './migrations/1734760000000-fence-rpm-limit';

export const FENCE_ENTITIES = [Fence, FenceBinding, FenceIssue, FenceVehicleState, FenceEventRow];
export const FENCE_MIGRATIONS = [CreateFenceTables1732410000000, FenceRpmLimit1734760000000];

/**
 * Geofences: CRUD, bindings, issuing to terminals through the instruction service
 * (instruction.request.v1 / instruction.order.v1) and platform-side evaluation of
 * tracking.position.v1 into fence.event.v1. Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('fence', { entities: FENCE_ENTITIES, migrations: FENCE_MIGRATIONS }), TypeOrmModule.forFeature(FENCE_ENTITIES, 'fence'), AuthModule],
  controllers: [FenceController],
  providers: [serviceConfigProvider(FENCE_CONFIG, FenceConfig), vehicleRegistryProvider({ service: 'fence' }), FenceCatalogue, FenceService, BindingService, FenceEvaluatorService],
  exports: [FenceEvaluatorService, FenceCatalogue],
})
export class FenceModule {}
