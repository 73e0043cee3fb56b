import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, userDirectoryProvider, vehicleRegistryProvider } from '@openfleet/auth';
import { clusterLeaseProvider, LocalFileStore, PlatformConfig, PROCESS_ENV, ServiceStorageModule, SmsCode, SmsCodes1734500000000, loadConfig, serviceConfigProvider, smsProviders } from '@openfleet/service-kit';
import { join } from 'node:path';
import { CommandConfigController } from './command-config/command-config.controller';
import { CommandConfig } from './command-config/command-config.entity';
import { INSTRUCTION_CONFIG, InstructionConfig } from './instruction-config';
import { MediaFile } from './media/media-file.entity';
import { MediaIngestService } from './media/media-ingest.service';
import { MEDIA_STORE } from './media/media-file.entity';
import { MediaController } from './media/media.controller';
import { MediaService } from './media/media.service';
import { CreateInstructionTables1732400000000 } from './migrations/1732400000000-create-instruction-tables';
import { RecorderSchedule1734100000000 } from './migrations/1734100000000-recorder-schedule';
import { DropRecorderSweepLease1734900000200 } from './migrations/1734900000200-drop-recorder-sweep-lease';
import { recorderScheduleConfigProvider } from './recorder-schedule/recorder-schedule-config';
import { RecorderScheduleController } from './recorder-schedule/recorder-schedule.controller';
import { RecorderScheduler } from './recorder-schedule/recorder-schedule.scheduler';
import { RecorderScheduleService } from './recorder-schedule/recorder-schedule.service';
import { RecorderSweep } from './recorder-schedule/recorder-sweep.service';
import { InstructionOrder } from './order/instruction-order.entity';
import { OrderController } from './order/order.controller';
import { OrderDispatcher } from './order/order-dispatcher';
import { FollowUpReplies } from './order/follow-up-replies';
import { InstructionRequestsConsumer } from './order/instruction-requests.consumer';
import { OrderEvents } from './order/order-events';
import { OrderService } from './order/order.service';
import { TerminalParameterSnapshot } from './parameters/terminal-parameter-snapshot.entity';
import { TerminalParametersController } from './parameters/terminal-parameters.controller';
import { TerminalParametersService } from './parameters/terminal-parameters.service';
import { TerminalDirectory } from './registry/terminal-directory';
import { RemoteControlController } from './remote-control/remote-control.controller';
import { RemoteControlService } from './remote-control/remote-control.service';
import { RemoteOperationLog } from './remote-control/remote-operation-log.entity';
import { RemoteOperationLogService } from './remote-control/remote-operation-log.service';
import { remoteControlConfigProvider } from './remote-control/remote-control-config';
import { VehicleConditionClient } from './remote-control/vehicle-condition.client';
import { VehicleLimit } from './vehicle-lock/vehicle-limit.entity';
import { VehicleLockController } from './vehicle-lock/vehicle-lock.controller';
import { VehicleLockService } from './vehicle-lock/vehicle-lock.service';
import { PowerManageController } from './power-manage/power-manage.controller';
import { PowerManageService } from './power-manage/power-manage.service';

export const INSTRUCTION_ENTITIES = [InstructionOrder, MediaFile, TerminalParameterSnapshot, CommandConfig, VehicleLimit, RemoteOperationLog, SmsCode];
export const INSTRUCTION_MIGRATIONS = [CreateInstructionTables1732400000000, RecorderSchedule1734100000000, SmsCodes1734500000000, DropRecorderSweepLease1734900000200];

/**
 * Commands to terminals: orders and their statuses 0-7, offline queue, batch send, media from
 * terminals, terminal parameters, stored directives, the vehicle lock wizard and remote control.
 * Publishes instruction.downlink.v1 and instruction.order.v1; consumes instruction.result.v1,
 * gateway.uplink.v1 (0x0801 media) and the registry/vehicle-state snapshots. Composable.
 */
@Module({
  imports: [
    ServiceStorageModule.forService('instruction', { entities: INSTRUCTION_ENTITIES, migrations: INSTRUCTION_MIGRATIONS }),
    TypeOrmModule.forFeature(INSTRUCTION_ENTITIES, 'instruction'),
    AuthModule,
  ],
  controllers: [OrderController, MediaController, TerminalParametersController, CommandConfigController, VehicleLockController, RemoteControlController, RecorderScheduleController, PowerManageController],
  providers: [
    serviceConfigProvider(INSTRUCTION_CONFIG, InstructionConfig),
    {
      provide: MEDIA_STORE,
      inject: [INSTRUCTION_CONFIG, PROCESS_ENV],
      useFactory: (config: InstructionConfig, env: NodeJS.ProcessEnv) => new LocalFileStore(config.INSTRUCTION_MEDIA_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'media')),
    },
    ...smsProviders('instruction'),
    clusterLeaseProvider('instruction'),
    vehicleRegistryProvider({ service: 'instruction', follow: { terminals: true, states: true } }),
    userDirectoryProvider({ service: 'instruction' }),
    TerminalDirectory,
    OrderEvents,
    FollowUpReplies,
    TerminalParametersService,
    OrderDispatcher,
    OrderService,
    InstructionRequestsConsumer,
    MediaService,
    MediaIngestService,
    RemoteOperationLogService,
    RemoteControlService,
    remoteControlConfigProvider,
    VehicleConditionClient,
    VehicleLockService,
    PowerManageService,
    recorderScheduleConfigProvider,
    RecorderScheduleService,
    RecorderSweep,
    RecorderScheduler,
  ],
  exports: [OrderService, OrderDispatcher, TerminalDirectory],
})
export class InstructionModule {}
