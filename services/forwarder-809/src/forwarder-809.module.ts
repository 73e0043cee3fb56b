import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, userDirectoryProvider, vehicleRegistryProvider } from '@openfleet/auth';
import { PlatformConfig, PROCESS_ENV, ServiceStorageModule, loadConfig, resolveDeploymentSecret, serviceConfigProvider } from '@openfleet/service-kit';
import { FORWARDER_CONFIG, ForwarderConfig } from './forwarder-config';
import { ForwardBacklog } from './forwarding/backlog.entity';
import { ForwardingService } from './forwarding/forwarding.service';
import { InboundController } from './inbound/inbound.controller';
import { AlarmSupervision, DutyCheck } from './inbound/inbound.entity';
import { InboundService } from './inbound/inbound.service';
import { MonitoringRequest } from './inbound/monitoring-request.entity';
import { MonitoringService } from './inbound/monitoring.service';
import { LinkManager } from './link/link-manager.service';
import { SlaveLinkController } from './link/slave-link.controller';
import { CreateForwarderTables1732530000000 } from './migrations/1732530000000-create-forwarder-tables';
import { CreateVehicleFiling1732540000000 } from './migrations/1732540000000-create-vehicle-filing';
import { BacklogKind1732550000000 } from './migrations/1732550000000-backlog-kind';
import { CreateMonitoringRequest1732560000000 } from './migrations/1732560000000-create-monitoring-request';
import { CreateLinkLease1732570000000 } from './migrations/1732570000000-create-link-lease';
import { FilingController } from './filing/filing.controller';
import { FilingService } from './filing/filing.service';
import { VehicleFiling } from './filing/vehicle-filing.entity';
import { SecretBox } from './platform/secret-box';
import { UpperPlatformController } from './platform/upper-platform.controller';
import { ForwardTarget, UpperPlatform } from './platform/upper-platform.entity';
import { SECRET_BOX, UpperPlatformService } from './platform/upper-platform.service';

export const FORWARDER_ENTITIES = [UpperPlatform, ForwardTarget, ForwardBacklog, DutyCheck, AlarmSupervision, VehicleFiling, MonitoringRequest];
export const FORWARDER_MIGRATIONS = [CreateForwarderTables1732530000000, CreateVehicleFiling1732540000000, BacklogKind1732550000000, CreateMonitoringRequest1732560000000, CreateLinkLease1732570000000];

/**
 * JT/T 809 forwarding to superior platforms: the platforms and their groups (/platform809), the
 * main and slave links, positions and alarms forwarded with a durable backlog across outages,
 * duty checks and supervision kept for operators to answer. Composable; runs as N replicas, each
 * platform's links held by one of them at a time (a lease in its database, `link/link-lease.ts`).
 */
@Module({
  imports: [ServiceStorageModule.forService('forwarder_809', { entities: FORWARDER_ENTITIES, migrations: FORWARDER_MIGRATIONS }), TypeOrmModule.forFeature(FORWARDER_ENTITIES, 'forwarder_809'), AuthModule],
  controllers: [UpperPlatformController, InboundController, FilingController, SlaveLinkController],
  providers: [
    serviceConfigProvider(FORWARDER_CONFIG, ForwarderConfig),
    {
      provide: SECRET_BOX,
      inject: [FORWARDER_CONFIG, PROCESS_ENV],
      useFactory: (config: ForwarderConfig, env: NodeJS.ProcessEnv) =>
        new SecretBox(resolveDeploymentSecret(loadConfig(PlatformConfig, env), { variable: 'FORWARDER_809_SECRET', value: config.FORWARDER_809_SECRET, file: 'forwarder-809.secret', minLength: 32 })),
    },
    vehicleRegistryProvider({ service: 'forwarder-809', follow: { terminals: true } }),
    userDirectoryProvider({ service: 'forwarder-809' }),
    UpperPlatformService,
    LinkManager,
    ForwardingService,
    MonitoringService,
    InboundService,
    FilingService,
  ],
  exports: [LinkManager, ForwardingService],
})
export class Forwarder809Module {}
