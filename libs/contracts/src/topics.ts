import { rawCodec, type PayloadCodec } from './codec';
import { alarmEventCodec, type AlarmEvent } from './events/alarm-event';
import { commandResultCodec, type CommandResult } from './events/command-result';
import { downlinkCommandCodec, type DownlinkCommand } from './events/downlink-command';
import { instructionOrderCodec } from './instruction/instruction-order';
import type { InstructionOrderEvent } from './instruction/order-types';
import { positionCodec, type Position } from './events/position';
import { instructionRequestCodec, type InstructionRequest } from './events/instruction-request';
import { fenceEventCodec, type FenceEvent } from './fence/fence-event';
import { exportTaskCodec, type ExportTaskEvent } from './report/export-task';
import { detectedAlarmCodec, type DetectedAlarmEvent } from './alarm/detected-alarm';
import { emissionReportCodec, energyReportBatchCodec, type EmissionReport, type EnergyReportBatch } from './energy/energy-report';
import { energyCommandCodec, energyCommandResultCodec, type EnergyCommand, type EnergyCommandResult } from './energy/energy-command';
import { rawFrameBatchCodec, type RawFrameBatch } from './events/raw-frame';
import {
  rolePermissionsCodec,
  terminalRegistryCodec,
  vehicleRegistryCodec,
  type RolePermissions,
  type TerminalRegistryEntry,
  type VehicleRegistryEntry,
} from './events/registry';
import { sessionRevocationCodec, type SessionRevocation } from './events/session-revocation';
import { userDirectoryCodec, type UserDirectoryEntry } from './events/user-directory';
import { terminalRegistrationCodec, type TerminalRegistrationEvent } from './events/terminal-registration';
import { terminalSessionCodec, type TerminalSessionEvent } from './events/terminal-session';
import { terminalUplinkCodec, type TerminalUplink } from './events/terminal-uplink';
import { vehicleStateCodec, type VehicleStateEvent } from './events/vehicle-state';
import { vehicleFuelTanksCodec, type VehicleFuelTanks } from './events/vehicle-fuel-tanks';
import { reminderEventCodec } from './vehicle-service/reminder-event';
import type { ReminderEvent } from './vehicle-service/reminders-api';
import { noticePublishedCodec, type NoticePublishedEvent } from './events/notice-published';
import { rescueCaseEventCodec, type RescueCaseEvent } from './alarm/rescue-event';

/** What a topic's message key is: keys keep one terminal's (or vehicle's) events in order on one partition. */
export type TopicKey = 'terminal' | 'vehicle' | 'gateway' | 'role' | 'user';

/** A bus topic: versioned name (`<owner>.<event>.v<N>`), key, partition count and payload codec. */
export interface TopicDef<T> {
  readonly name: string;
  readonly key: TopicKey;
  readonly partitions: number;
  readonly codec: PayloadCodec<T>;
  readonly description: string;
  /** Snapshot topic: only the latest record per key matters (Kafka `cleanup.policy=compact`). */
  readonly compacted?: boolean;
  /**
   * A hot topic whose records the Kafka adapter carries in bundles: the records of one partition
   * published within one linger window travel as one Kafka record, which consumers unpack (libs/bus
   * record-bundle.ts). Keys and payloads are unchanged; a consumer must be of a version that reads
   * bundles before its producers write them.
   */
  readonly bundled?: boolean;
}

function topic<T>(
  name: string,
  key: TopicKey,
  partitions: number,
  codec: PayloadCodec<T>,
  description: string,
  compacted = false,
): TopicDef<T> {
  return { name, key, partitions, codec, description, compacted };
}

/** The topic catalogue. Changing a payload incompatibly means a new version suffix, never an edit in place. */
export const Topics = {
  terminalUplink: topic<TerminalUplink>(
    'gateway.uplink.v1',
    'terminal',
    12,
    terminalUplinkCodec,
    'Every decoded terminal message',
  ),
  position: {
    ...topic<Position>('tracking.position.v1', 'terminal', 12, positionCodec, 'Located reports (0x0200, 0x0704 items)'),
    // Every report of every vehicle: kafkajs' cost per record dominated the gateway and the ingest.
    bundled: true,
  },
  // v2: 12 partitions keyed by canonical phone, like tracking.position.v1, so the tracking member
  // that owns a terminal's positions also gets its session events (docs/architecture.md).
  terminalSession: topic<TerminalSessionEvent>(
    'gateway.session.v2',
    'terminal',
    12,
    terminalSessionCodec,
    'Terminal online/offline (key: canonical phone, co-partitioned with tracking.position.v1)',
  ),
  terminalRegistration: topic<TerminalRegistrationEvent>(
    'gateway.terminal-registration.v1',
    'terminal',
    6,
    terminalRegistrationCodec,
    'Provisioned terminals registered (device id, auth code) or logged off',
  ),
  downlinkCommand: topic<DownlinkCommand>(
    'instruction.downlink.v1',
    'terminal',
    6,
    downlinkCommandCodec,
    'Commands for terminals',
  ),
  commandResult: topic<CommandResult>(
    'instruction.result.v1',
    'terminal',
    6,
    commandResultCodec,
    'Outcome of commands',
  ),
  instructionOrder: topic<InstructionOrderEvent>(
    'instruction.order.v1',
    'terminal',
    6,
    instructionOrderCodec,
    'Instruction orders as their status changes (console dialogs, pending count)',
  ),
  instructionRequest: topic<InstructionRequest>(
    'instruction.request.v1',
    'terminal',
    6,
    instructionRequestCodec,
    'Commands other services ask the instruction service to send (fence issuing)',
  ),
  fenceEvent: topic<FenceEvent>('fence.event.v1', 'terminal', 12, fenceEventCodec, 'Fence rules the platform evaluated (entry, exit, overspeed, deviation ...)'),
  energyReport: topic<EnergyReportBatch>('energy.report.v2', 'vehicle', 12, energyReportBatchCodec, 'GB/T 32960 real-time and reissued reports the energy gateway accepted, those of one partition together (key: the partition\'s key)'),
  emissionReport: topic<EmissionReport>('emission.report.v1', 'vehicle', 6, emissionReportCodec, 'HJ 1239 emission reports (OBD, diesel stream, urea) the emission gateway accepted (key: VIN)'),
  energyCommand: topic<EnergyCommand>('energy.command.v1', 'vehicle', 6, energyCommandCodec, 'GB/T 32960 platform commands (0x80-0x82) for the energy instance holding the VIN\'s link (key: VIN); every energy instance reads them, only the holder sends'),
  energyCommandResult: topic<EnergyCommandResult>('energy.command-result.v1', 'vehicle', 6, energyCommandResultCodec, 'What became of energy.command.v1 commands at the link holder: sent, then answered, busy, timeout or closed (key: VIN; correlation: commandId)'),
  exportTask: topic<ExportTaskEvent>('report.export-task.v1', 'user', 3, exportTaskCodec, 'Offline download tasks as they progress (key: the owner\'s user id); pushed to the owner\'s sockets'),
  alarm: topic<AlarmEvent>('alarm.event.v1', 'vehicle', 6, alarmEventCodec, 'Alarms raised and ended'),
  // Replaces energy.alarm.v1 (battery alarms only, key VIN): one contract for every detecting service.
  alarmDetected: topic<DetectedAlarmEvent>('alarm.detected.v1', 'vehicle', 6, detectedAlarmCodec, 'Alarms other services detect (battery alarms, fuel theft ...) starting and ending, one event id for both (key: vehicle id); the alarm service stores them'),
  rawFrames: topic<RawFrameBatch>(
    'gateway.raw-frames.v1',
    'gateway',
    6,
    rawFrameBatchCodec,
    'Raw frames in and out, one record per gateway flush',
  ),
  terminalRegistry: topic<TerminalRegistryEntry>(
    'admin.terminal-registry.v1',
    'terminal',
    6,
    terminalRegistryCodec,
    'Terminal registry snapshot',
    true,
  ),
  vehicleRegistry: topic<VehicleRegistryEntry>(
    'admin.vehicle-registry.v1',
    'vehicle',
    6,
    vehicleRegistryCodec,
    'Vehicle registry snapshot',
    true,
  ),
  userDirectory: topic<UserDirectoryEntry>(
    'admin.user-directory.v1',
    'user',
    3,
    userDirectoryCodec,
    'Users by id with name, account and company (deleted ones kept, flagged): exports name an operator by it',
    true,
  ),
  rolePermissions: topic<RolePermissions>(
    'admin.role-permissions.v1',
    'role',
    3,
    rolePermissionsCodec,
    'Action codes per role',
    true,
  ),
  // Not compacted: a record matters only until its expiresAt (one access-token lifetime).
  sessionRevocations: topic<SessionRevocation>(
    'admin.session-revocations.v1',
    'user',
    3,
    sessionRevocationCodec,
    'Login sessions revoked (logout, password change or reset, refresh-token replay, user disabled or deleted); every service refuses their access tokens',
  ),
  vehicleState: topic<VehicleStateEvent>(
    'tracking.vehicle-state.v1',
    'terminal',
    6,
    vehicleStateCodec,
    'Vehicle online/display status changes',
    true,
  ),
  reminders: topic<ReminderEvent>('vehicle-service.reminders.v1', 'vehicle', 6, reminderEventCodec, 'New insurance, annual-inspection and maintenance reminders (key: vehicle id); pushed by the api hub as `reminders` to the receiving roles of the company'),
  vehicleFuelTanks: topic<VehicleFuelTanks>('admin.vehicle-fuel-tanks.v1', 'vehicle', 6, vehicleFuelTanksCodec, 'Fuel tanks bound to each vehicle with their calibration tables (the fuel ledger reads sensor heights through them)', true),
  noticePublished: topic<NoticePublishedEvent>('admin.notice-published.v1', 'user', 3, noticePublishedCodec, 'Press releases reaching their users (key: notice id); pushed by the api hub as `notice` to each listed user\'s sockets'),
  rescueCase: topic<RescueCaseEvent>('alarm.rescue.v1', 'vehicle', 6, rescueCaseEventCodec, 'Collision rescue cases opened and moved (key: vehicle id); pushed by the api hub as `rescueCase`'),
} as const;

export const ALL_TOPICS: readonly TopicDef<unknown>[] = Object.values(Topics) as TopicDef<unknown>[];

/** Where a topic's poison messages are parked: the same name with `.dlq`, raw bytes plus error headers. */
export function deadLetterTopic(source: TopicDef<unknown> | string): TopicDef<Buffer> {
  const name = typeof source === 'string' ? source : source.name;
  return topic<Buffer>(`${name}.dlq`, 'terminal', 1, rawCodec, `Parked messages of ${name}`);
}
