import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { canonicalTerminalPhone } from '@openfleet/contracts';
import { AttachmentStreamSplitter, decodeFrame, encodeFrame, Jt808DecodeError, type AttachmentData, type AttachmentFileBody, type AttachmentListBody, type Jt808Message, type Jt808Version } from '@openfleet/jt808';
import { RateLimitedLog, safeFileName, type FileStore } from '@openfleet/service-kit';
import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Repository } from 'typeorm';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';
import { AlarmAttachment, AlarmEvidence, AttachmentStatus } from './alarm-evidence.entity';
import { addRange, missingRanges } from './byte-ranges';

export const EVIDENCE_STORE = Symbol('EVIDENCE_STORE');

/** Malformed frames on one link before it is closed. */
const MAX_BAD_FRAMES = 10;
/** Received ranges are saved at least this often (bytes) while a file streams in. */
const SAVE_EVERY_BYTES = 1024 * 1024;
/** 0x9212 carries at most this many ranges (a BYTE count). */
const MAX_RESEND_RANGES = 255;

const EXTENSIONS: Record<number, string> = { 0: 'jpg', 1: 'wav', 2: 'mp4', 3: 'txt' };

interface Link {
  socket: Socket;
  /** Canonical phone (the alarm's key) and the header's form, which replies repeat. */
  phone: string;
  wirePhone: string;
  version: Jt808Version;
  serial: number;
  badFrames: number;
  evidence?: AlarmEvidence;
  files: Map<string, { row: AlarmAttachment; unsaved: number }>;
  /** Files of the list refused for their name: their data is skipped, the link stays for the others. */
  refused: Set<string>;
}

/**
 * The active-safety attachment server (T/JSATL 12-2017 §4.5.4). After 0x9208 a terminal connects
 * here, lists an alarm's files (0x1210), announces each (0x1211), streams it in data frames and
 * closes it (0x1212); we answer 0x9212 with the ranges still missing. Ranges received are stored
 * with the file, so an upload cut by a reconnect (or our restart) resumes without corruption.
 */
@Injectable()
export class AttachmentServer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AttachmentServer');
  private server?: Server;
  private readonly links = new Set<Socket>();
  private readonly log = new RateLimitedLog(this.logger);

  constructor(
    @InjectRepository(AlarmEvidence, 'alarm') private readonly evidence: Repository<AlarmEvidence>,
    @InjectRepository(AlarmAttachment, 'alarm') private readonly attachments: Repository<AlarmAttachment>,
    @Inject(EVIDENCE_STORE) private readonly store: FileStore,
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.ALARM_ATTACHMENT_PORT, this.config.ALARM_ATTACHMENT_LISTEN_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Accept failures (EMFILE...) after the start: logged, the listener keeps going (an 'error'
    // without a listener would end the process).
    server.on('error', (error) => this.log.write('warn', `attachment listener: ${error.message}`));
    this.logger.log(`alarm attachment server listening on port ${this.port()}`);
  }

  async onModuleDestroy(): Promise<void> {
    for (const socket of this.links) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The port terminals are sent to (the configured one, or the one picked when it is 0). */
  port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.config.ALARM_ATTACHMENT_PORT;
  }

  private accept(socket: Socket): void {
    this.links.add(socket);
    const splitter = new AttachmentStreamSplitter(this.config.ALARM_ATTACHMENT_MAX_FILE_BYTES);
    const link: Link = { socket, phone: '', wirePhone: '', version: '2013', serial: 0, badFrames: 0, files: new Map(), refused: new Set() };
    socket.setTimeout(this.config.ALARM_ATTACHMENT_IDLE_S * 1000, () => socket.destroy());
    socket.on('error', () => undefined);
    // One chunk at a time: file writes stay in stream order and a fast sender waits for the disk.
    socket.on('data', (chunk) => {
      socket.pause();
      this.process(link, splitter.push(chunk))
        .catch((error: unknown) => {
          this.warn(`attachment link ${link.phone || socket.remoteAddress}: ${(error as Error).message}`);
          socket.destroy();
        })
        .finally(() => socket.resume());
    });
    socket.on('close', () => {
      this.links.delete(socket);
      void this.saveRanges(link).catch(() => undefined);
    });
  }

  private async process(link: Link, items: ReturnType<AttachmentStreamSplitter['push']>): Promise<void> {
    for (const item of items) {
      if ('error' in item) {
        this.warn(`attachment link ${link.phone}: ${item.error.message}`);
        link.socket.destroy();
        return;
      }
      if ('chunk' in item) await this.data(link, item.chunk);
      else {
        let message: Jt808Message;
        try {
          message = decodeFrame(item.frame);
        } catch (error) {
          if (!(error instanceof Jt808DecodeError)) throw error;
          if (++link.badFrames >= MAX_BAD_FRAMES) link.socket.destroy();
          continue;
        }
        link.phone = canonicalTerminalPhone(message.phone);
        link.wirePhone = message.phone;
        link.version = message.version;
        await this.message(link, message);
      }
      if (link.socket.destroyed) return;
    }
  }

  private async message(link: Link, message: Jt808Message): Promise<void> {
    switch (message.msgId) {
      case 0x1210:
        return this.fileList(link, message as Jt808Message<AttachmentListBody>);
      case 0x1211:
        return this.reply(link, message, (await this.fileOf(link, (message.body as AttachmentFileBody).name, (message.body as AttachmentFileBody).size)) ? 0 : 1);
      case 0x1212:
        return this.fileSent(link, message as Jt808Message<AttachmentFileBody>);
      default:
        // Heartbeats and anything else get a plain acknowledgement.
        return this.reply(link, message, 0);
    }
  }

  /** 0x1210: only an alarm we asked about (0x9208) of this terminal, within the limits. */
  private async fileList(link: Link, message: Jt808Message<AttachmentListBody>): Promise<void> {
    const body = message.body;
    const evidence = await this.evidence.findOneBy({ alarmNumber: body.alarmNumber.trim() });
    const tooMany = body.files.length > this.config.ALARM_ATTACHMENT_MAX_FILES;
    const tooLarge = body.files.some((file) => file.size > this.config.ALARM_ATTACHMENT_MAX_FILE_BYTES || file.name.length > 64);
    if (!evidence || evidence.terminalPhone !== link.phone || tooMany || tooLarge) {
      this.warn(`attachment list refused from ${link.phone}: ${!evidence ? 'unknown alarm number' : evidence.terminalPhone !== link.phone ? 'another terminal' : 'over the limits'}`);
      await this.reply(link, message, 1);
      link.socket.end();
      return;
    }
    link.evidence = evidence;
    const now = Date.now();
    const day = new Date(evidence.requestedAt).toISOString().slice(0, 10);
    for (const file of body.files) {
      // A name that is no plain file name ('.', '..', a separator, NUL...) is refused on its own: the other files still come.
      if (!safeFileName(file.name)) {
        this.warn(`attachment refused from ${link.phone}: file name ${JSON.stringify(file.name.slice(0, 64))}`);
        if (link.refused.size < 256) link.refused.add(file.name);
        continue;
      }
      const existing = await this.attachments.findOneBy({ alarmNumber: evidence.alarmNumber, name: file.name });
      if (existing) continue;
      await this.attachments
        .createQueryBuilder()
        .insert()
        .values({
          alarmNumber: evidence.alarmNumber,
          alarmId: evidence.alarmId,
          name: file.name,
          fileType: fileTypeOf(file.name),
          size: file.size,
          ranges: [],
          status: AttachmentStatus.RECEIVING,
          storageKey: `${day}/${evidence.alarmNumber}/${storedName(file.name)}`,
          companyPath: evidence.companyPath,
          fleetPath: evidence.fleetPath,
          createdAt: now,
          updatedAt: now,
        })
        .orIgnore()
        .execute();
    }
    await this.reply(link, message, 0);
  }

  /** The file of this link's alarm, or, on a link that resumes without 0x1210, the unfinished file of that name from this terminal. */
  private async fileOf(link: Link, name: string, size?: number): Promise<{ row: AlarmAttachment; unsaved: number } | undefined> {
    if (!safeFileName(name)) return undefined;
    const known = link.files.get(name);
    if (known) return known;
    const row = link.evidence
      ? await this.attachments.findOneBy({ alarmNumber: link.evidence.alarmNumber, name })
      : await this.attachments
          .createQueryBuilder('f')
          .innerJoin(AlarmEvidence, 'e', 'e.alarm_number = f.alarm_number')
          .where('f.name = :name AND e.terminal_phone = :phone', { name, phone: link.phone })
          .orderBy('f.id', 'DESC')
          .getOne();
    if (!row || (size !== undefined && size !== row.size)) return undefined;
    const file = { row, unsaved: 0 };
    link.files.set(name, file);
    return file;
  }

  private async data(link: Link, chunk: AttachmentData): Promise<void> {
    if (link.refused.has(chunk.name)) return this.warn(`attachment data from ${link.phone} skipped for the refused file ${JSON.stringify(chunk.name.slice(0, 64))}`);
    const file = await this.fileOf(link, chunk.name);
    const end = chunk.offset + chunk.data.length;
    if (!file || end > file.row.size) {
      this.warn(`attachment data from ${link.phone} for ${file ? 'beyond the end of' : 'an unannounced file'} ${chunk.name}`);
      link.socket.destroy();
      return;
    }
    if (file.row.status === AttachmentStatus.COMPLETE) return;
    await this.store.writePart(file.row.storageKey, chunk.offset, chunk.data);
    file.row.ranges = addRange(file.row.ranges, chunk.offset, end);
    file.unsaved += chunk.data.length;
    if (file.unsaved >= SAVE_EVERY_BYTES) await this.saveFile(file);
  }

  /** 0x1212: complete, or the ranges to send again (0x9212). */
  private async fileSent(link: Link, message: Jt808Message<AttachmentFileBody>): Promise<void> {
    const body = message.body;
    const file = await this.fileOf(link, body.name);
    if (!file) return this.reply(link, message, 1);
    const missing = file.row.status === AttachmentStatus.COMPLETE ? [] : missingRanges(file.row.ranges, file.row.size);
    if (!missing.length && file.row.status !== AttachmentStatus.COMPLETE) {
      if (file.row.size === 0) await this.store.writePart(file.row.storageKey, 0, Buffer.alloc(0));
      await this.store.commitPart(file.row.storageKey);
      file.row.status = AttachmentStatus.COMPLETE;
    }
    await this.saveFile(file);
    await this.send(link, 0x9212, { name: body.name, fileType: body.fileType, result: missing.length ? 1 : 0, missing: missing.slice(0, MAX_RESEND_RANGES) });
  }

  private async saveRanges(link: Link): Promise<void> {
    for (const file of link.files.values()) if (file.unsaved) await this.saveFile(file);
  }

  private async saveFile(file: { row: AlarmAttachment; unsaved: number }): Promise<void> {
    file.unsaved = 0;
    await this.attachments.update({ id: file.row.id }, { ranges: file.row.ranges, status: file.row.status, updatedAt: Date.now() });
  }

  private reply(link: Link, message: Jt808Message, result: number): Promise<void> {
    return this.send(link, 0x8001, { replySerial: message.serial, replyId: message.msgId, result });
  }

  private async send(link: Link, msgId: number, body: unknown): Promise<void> {
    if (link.socket.destroyed) return;
    link.serial = (link.serial + 1) & 0xffff;
    link.socket.write(encodeFrame({ msgId, version: link.version, phone: link.wirePhone, serial: link.serial, body }));
  }

  /** Rate-limited: a hostile terminal cannot flood the log. */
  private warn(text: string): void {
    this.log.write('warn', text);
  }
}

/** The name on disk: the terminal's when it is plain ASCII, else a sanitized one made unique by a hash of the real name. */
function storedName(name: string): string {
  const plain = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return plain === name ? name : `${createHash('sha256').update(name).digest('hex').slice(0, 12)}-${plain}`;
}

/** File type from the T/JSATL 12 name ("<type>_<channel>_<alarm type>_<serial>_<alarm number>.<ext>"), else the extension. */
function fileTypeOf(name: string): number {
  const prefix = /^(\d{2})_/.exec(name);
  if (prefix && Number(prefix[1]) <= 4) return Number(prefix[1]);
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const found = Object.entries(EXTENSIONS).find(([, e]) => e === ext);
  return found ? Number(found[0]) : ext === 'jpeg' || ext === 'png' ? 0 : ext === 'h264' || ext === 'avi' ? 2 : 4;
}
