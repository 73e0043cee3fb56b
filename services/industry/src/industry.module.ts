import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, userDirectoryProvider, vehicleRegistryProvider } from '@openfleet/auth';
import { warmPlaceIndex } from '@openfleet/geo';
import { ServiceStorageModule, joinParts } from '@openfleet/service-kit';
import { BUS_LINE_PART } from './bus-line/bus-line.part';
import { CERTIFICATION_PART } from './certification/certification.part';
import { COLD_CHAIN_PART } from './cold-chain/cold-chain.part';
import { WAYBILL_PART } from './waybill/waybill.part';

const PARTS = joinParts([COLD_CHAIN_PART, BUS_LINE_PART, WAYBILL_PART, CERTIFICATION_PART]);

export const INDUSTRY_ENTITIES = PARTS.entities;
export const INDUSTRY_MIGRATIONS = PARTS.migrations;

/**
 * The industry modules (/industry): cold chain, bus lines with arrival times, electronic waybills
 * and access certification. Each follows positions and terminal messages by vehicle and keeps its
 * own records; none is a record any other service owns. Composable.
 */
@Module({
  imports: [
    ServiceStorageModule.forService('industry', { entities: INDUSTRY_ENTITIES, migrations: INDUSTRY_MIGRATIONS }),
    TypeOrmModule.forFeature(INDUSTRY_ENTITIES, 'industry'),
    AuthModule,
  ],
  controllers: PARTS.controllers,
  providers: [vehicleRegistryProvider({ service: 'industry' }), userDirectoryProvider({ service: 'industry' }), ...PARTS.providers],
})
export class IndustryModule implements OnModuleInit {
  // Cold-chain excursions name their places: the index loads in a worker from start.
  onModuleInit(): void {
    warmPlaceIndex();
  }
}
