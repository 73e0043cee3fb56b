import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics, type EvidenceFile } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS, type FileStore } from '@openfleet/service-kit';
import { rowInScope } from '@openfleet/storage';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { In, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Alarm } from '../alarm/alarm.entity';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';
import { AlarmAttachment, AlarmEvidence, AttachmentStatus } from './alarm-evidence.entity';
import { AttachmentServer, EVIDENCE_STORE } from './attachment-server';
import { receivedBytes } from './byte-ranges';

/** What the alarm list and detail show of one evidence file (the console's type too). */
export type AttachmentView = EvidenceFile;


/**
 * Active-safety evidence: asks the terminal to upload an alarm's attachments (0x9208 through the
 * instruction service, once per alarm) and serves the files received, within the caller's scope.
 */
@Injectable()
export class EvidenceService {
  constructor(
    @InjectRepository(AlarmEvidence, 'alarm') private readonly evidence: Repository<AlarmEvidence>,
    @InjectRepository(AlarmAttachment, 'alarm') private readonly attachments: Repository<AlarmAttachment>,
    @Inject(EVIDENCE_STORE) private readonly store: FileStore,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
    private readonly server: AttachmentServer,
  ) {}

  /**
   * For alarms that announce attachments (their identification's count): one evidence record and
   * one 0x9208 each. The alarm number is ours; a redelivered alarm finds its record and asks nothing again.
   */
  async request(alarms: Alarm[]): Promise<void> {
    const wanted = alarms.filter((alarm) => alarm.id && Number((alarm.detail?.identification as { attachmentCount?: number } | undefined)?.attachmentCount ?? 0) > 0);
    if (!wanted.length) return;
    const known = new Set((await this.evidence.findBy({ alarmId: In(wanted.map((alarm) => alarm.id)) })).map((row) => row.alarmId));
    for (const alarm of wanted) {
      if (known.has(alarm.id)) continue;
      const identification = alarm.detail!.identification as Record<string, unknown>;
      const alarmNumber = randomUUID().replace(/-/g, '');
      const inserted = await this.evidence
        .createQueryBuilder()
        .insert()
        .values({ alarmNumber, alarmId: alarm.id, terminalPhone: alarm.terminalPhone, companyPath: alarm.companyPath, fleetPath: alarm.fleetPath, expected: Number(identification.attachmentCount), identification, requestedAt: Date.now() } as QueryDeepPartialEntity<AlarmEvidence>)
        .execute();
      if (!inserted.identifiers.length || !alarm.vehicleId) continue;
      await this.bus.publish(Topics.instructionRequest, {
        key: alarm.terminalPhone,
        value: {
          requestId: `alarm-evidence-${alarmNumber}`,
          source: 'alarm',
          commandType: 'alarmAttachmentUpload',
          vehicleId: alarm.vehicleId,
          msgId: '0x9208',
          body: { serverIp: this.config.ALARM_ATTACHMENT_PUBLIC_HOST, tcpPort: this.server.port(), udpPort: 0, identification, alarmNumber, reserved: '' },
          operatorId: 'system',
          offlinePolicy: 'queue',
          timeoutS: 30,
          requestedAt: Date.now(),
        },
      });
    }
  }

  /** A file names no vehicle: a user granted single vehicles reaches it through its alarm's vehicle. */
  private async fileVisible(user: AuthUser, file: AlarmAttachment): Promise<boolean> {
    if (rowInScope(user, file)) return true;
    if (!user.scope.vehicles?.length) return false;
    const alarm = await this.attachments.manager.findOneBy(Alarm, { id: file.alarmId });
    return !!alarm && rowInScope(user, alarm);
  }

  async list(user: AuthUser, alarm: Alarm): Promise<{ alarmNumber: string; expected: number; files: AttachmentView[] } | null> {
    if (!rowInScope(user, alarm)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: alarm.id });
    const evidence = await this.evidence.findOneBy({ alarmId: alarm.id });
    if (!evidence) return null;
    const files = await this.attachments.find({ where: { alarmNumber: evidence.alarmNumber }, order: { id: 'ASC' } });
    return {
      alarmNumber: evidence.alarmNumber,
      expected: evidence.expected,
      files: files.map((file) => ({ id: file.id, name: file.name, fileType: file.fileType, size: file.size, received: receivedBytes(file.ranges), complete: file.status === AttachmentStatus.COMPLETE })),
    };
  }

  /** A complete file of the caller's scope (410 otherwise, as if it did not exist). */
  async open(user: AuthUser, id: number): Promise<{ file: AlarmAttachment; stream: Readable; size: number }> {
    const file = await this.attachments.findOneBy({ id });
    if (!file || !(await this.fileVisible(user, file)) || file.status !== AttachmentStatus.COMPLETE) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    const opened = await this.store.open(file.storageKey);
    if (!opened) throw new AppError(ErrorCode.ALREADY_DELETED, { data: id });
    return { file, ...opened };
  }
}
