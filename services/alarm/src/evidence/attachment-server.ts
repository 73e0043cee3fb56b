import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { canonicalTerminalPhone } from '@openfleet/contracts';
import { AttachmentStreamSplitter, decodeFrame, encodeFrame, type AttachmentData, type AttachmentFileBody, type AttachmentListBody, type AttachmentStreamItem, type Jt808Message, type Jt808Version } from '@openfleet/jt808';
import { LinkServer, RateLimitedLog, safeFileName, type FileStore, type Link, type LinkDeframer, type LinkEndReason, type LinkLimits, type LinkProtocol } from '@openfleet/service-kit';
import { createHash } from 'node:crypto';
import type { Repository } from 'typeorm';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';
import { AlarmAttachment, AlarmEvidence, AttachmentStatus } from './alarm-evidence.entity';
import { addRange, missingRanges } from './byte-ranges';

export const EVIDENCE_STORE = Symbol('EVIDENCE_STORE');

/** Received ranges are saved at least this often (bytes) while a file streams in. */
const SAVE_EVERY_BYTES = 1024 * 1024;
/** 0x9212 carries at most this many ranges (a BYTE count). */
const MAX_RESEND_RANGES = 255;

/** Bytes a link that has not named its alarm may make us hold for one unfinished frame (a 0x1210 is well under it). */
const UNIDENTIFIED_BUFFER_BYTES = 64 * 1024;

const EXTENSIONS: Record<number, string> = { 0: 'jpg', 1: 'wav', 2: 'mp4', 3: 'txt' };

/** What the deframer yields and the handler receives: an 808 signalling frame (decoded) or a file data chunk. */
type AttachmentFrame = Exclude<AttachmentStreamItem, { error: unknown }>;
type AttachmentItem = { message: Jt808Message } | { chunk: AttachmentData };

interface Session {
  link: Link;
  splitter: AttachmentStreamSplitter;
  /** The link's frames, handled one after another: file writes stay in stream order. */
  queue: Promise<void>;
  /** Why the link ended, once it has. */
  ended?: LinkEndReason;
  /** Canonical phone (the alarm's key) and the header's form, which replies repeat. */
  phone: string;
  wirePhone: string;
  version: Jt808Version;
  serial: number;
  evidence?: AlarmEvidence;
  files: Map<string, { row: AlarmAttachment; unsaved: number }>;
  /** Files of the list refused for their name: their data is skipped, the link stays for the others. */
  refused: Set<string>;
}

/**
 * The active-safety attachment server (T/JSATL 12-2017 §4.5.4) on the link server. After 0x9208 a
 * terminal connects here, lists an alarm's files (0x1210), announces each (0x1211), streams it in
 * data frames and closes it (0x1212); we answer 0x9212 with the ranges still missing. Ranges
 * received are stored with the file, so an upload cut by a reconnect (or our restart) resumes
 * without corruption. A link identifies itself with a 0x1210 naming an alarm we asked this terminal
 * about, or, resuming, with a 0x1211 naming its unfinished file; the link server owns the rest
 * (deadline, budgets, bad-frame streak, idle timeout, pausing reads while the disk is behind).
 */
@Injectable()
export class AttachmentServer implements OnModuleInit, OnModuleDestroy, LinkProtocol<AttachmentFrame, AttachmentItem, Session> {
  readonly name = 'jsatl12';
  private readonly logger = new Logger('AttachmentServer');
  private readonly log = new RateLimitedLog(this.logger);
  readonly linkServer: LinkServer<AttachmentFrame, AttachmentItem, Session>;

  constructor(
    @InjectRepository(AlarmEvidence, 'alarm') private readonly evidence: Repository<AlarmEvidence>,
    @InjectRepository(AlarmAttachment, 'alarm') private readonly attachments: Repository<AlarmAttachment>,
    @Inject(EVIDENCE_STORE) private readonly store: FileStore,
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
  ) {
    // The listener's lines (accept failures, bad frames) go through the rate limit: a hostile terminal cannot flood the log.
    const errors = new RateLimitedLog({ log: (line: string) => this.logger.log(line), warn: (line: string) => this.logger.error(line) });
    const logger = { warn: (line: string) => this.warn(line), error: (line: string) => errors.write('warn', line) };
    this.linkServer = new LinkServer(this, { tcp: { port: config.ALARM_ATTACHMENT_PORT, host: config.ALARM_ATTACHMENT_LISTEN_HOST }, limits: attachmentLinkLimits(config), logger });
  }

  async onModuleInit(): Promise<void> {
    await this.linkServer.listen();
    this.logger.log(`alarm attachment server listening on port ${this.port()}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.linkServer.close();
  }

  /** The port terminals are sent to (the configured one, or the one picked when it is 0). */
  port(): number {
    return this.linkServer.port() || this.config.ALARM_ATTACHMENT_PORT;
  }

  open(link: Link): Session {
    return { link, splitter: new AttachmentStreamSplitter(this.config.ALARM_ATTACHMENT_MAX_FILE_BYTES), queue: Promise.resolve(), phone: '', wirePhone: '', version: '2013', serial: 0, files: new Map(), refused: new Set() };
  }

  deframer(session: Session): LinkDeframer<AttachmentFrame> {
    return { push: (chunk) => this.split(session, chunk) };
  }

  /** 808 frames and data chunks; a data frame over the limit closes the link before it is buffered. */
  private split(session: Session, chunk: Buffer): AttachmentFrame[] {
    const frames: AttachmentFrame[] = [];
    for (const item of session.splitter.push(chunk)) {
      if ('error' in item) {
        this.warn(`attachment link ${session.phone || session.link.remoteAddress}: ${item.error.message}`);
        session.link.close('oversize', false);
        return frames;
      }
      frames.push(item);
    }
    // Before it names an alarm a link may send no file data, so it has no reason to make us hold much.
    if (!session.link.identified && session.splitter.buffered > UNIDENTIFIED_BUFFER_BYTES) {
      this.warn(`attachment link ${session.link.remoteAddress}: ${session.splitter.buffered} bytes of one frame before naming an alarm`);
      session.link.close('oversize', false);
    }
    return frames;
  }

  /** A throw (Jt808DecodeError) is a bad frame: counted towards the streak by the link server. */
  decode(frame: AttachmentFrame): AttachmentItem {
    return 'frame' in frame ? { message: decodeFrame(frame.frame) } : frame;
  }

  /**
   * One frame after another (file writes in stream order); the promise is tracked by the link server,
   * so a terminal that sends faster than the disk writes is not read until it catches up.
   */
  handle(session: Session, item: AttachmentItem): Promise<void> {
    session.queue = session.queue
      .then(() => {
        // Refused or bad: what it sent after is ignored. Closed by the terminal: what it sent is still kept.
        if (session.ended && session.ended !== 'peer') return;
        return 'chunk' in item ? this.data(session, item.chunk) : this.signal(session, item.message);
      })
      .catch((error: unknown) => {
        this.warn(`attachment link ${session.phone || session.link.remoteAddress}: ${(error as Error).message}`);
        session.link.close('failed', false);
      });
    return session.queue;
  }

  closed(session: Session, reason: LinkEndReason): void {
    session.ended = reason;
    session.queue = session.queue.then(() => this.saveRanges(session)).catch(() => undefined);
  }

  private signal(session: Session, message: Jt808Message): Promise<void> {
    session.phone = canonicalTerminalPhone(message.phone);
    session.wirePhone = message.phone;
    session.version = message.version;
    switch (message.msgId) {
      case 0x1210:
        return this.fileList(session, message as Jt808Message<AttachmentListBody>);
      case 0x1211:
        return this.fileAnnounced(session, message as Jt808Message<AttachmentFileBody>);
      case 0x1212:
        return this.fileSent(session, message as Jt808Message<AttachmentFileBody>);
      default:
        // Heartbeats and anything else get a plain acknowledgement.
        return this.reply(session, message, 0);
    }
  }

  /** 0x1210: only an alarm we asked about (0x9208) of this terminal, within the limits. */
  private async fileList(session: Session, message: Jt808Message<AttachmentListBody>): Promise<void> {
    const body = message.body;
    const evidence = await this.evidence.findOneBy({ alarmNumber: body.alarmNumber.trim() });
    const tooMany = body.files.length > this.config.ALARM_ATTACHMENT_MAX_FILES;
    const tooLarge = body.files.some((file) => file.size > this.config.ALARM_ATTACHMENT_MAX_FILE_BYTES || file.name.length > 64);
    if (!evidence || evidence.terminalPhone !== session.phone || tooMany || tooLarge) {
      this.warn(`attachment list refused from ${session.phone}: ${!evidence ? 'unknown alarm number' : evidence.terminalPhone !== session.phone ? 'another terminal' : 'over the limits'}`);
      await this.reply(session, message, 1);
      session.link.close('refused-upload');
      return;
    }
    // Past the budget of identified links: closed by the link server (the terminal comes back later).
    if (!session.link.closed && !session.link.identify()) return;
    session.evidence = evidence;
    const now = Date.now();
    const day = new Date(evidence.requestedAt).toISOString().slice(0, 10);
    for (const file of body.files) {
      // A name that is no plain file name ('.', '..', a separator, NUL...) is refused on its own: the other files still come.
      if (!safeFileName(file.name)) {
        this.warn(`attachment refused from ${session.phone}: file name ${JSON.stringify(file.name.slice(0, 64))}`);
        if (session.refused.size < 256) session.refused.add(file.name);
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
    await this.reply(session, message, 0);
  }

  /** 0x1211: a file of the listed alarm, or (a link that resumes) this terminal's unfinished file of that name. */
  private async fileAnnounced(session: Session, message: Jt808Message<AttachmentFileBody>): Promise<void> {
    const file = await this.fileOf(session, message.body.name, message.body.size);
    if (!session.link.closed) await this.reply(session, message, file ? 0 : 1);
  }

  /**
   * The file of this link's alarm, or, on a link that resumes without 0x1210, the unfinished file of
   * that name from this terminal: finding it identifies the link.
   */
  private async fileOf(session: Session, name: string, size?: number): Promise<{ row: AlarmAttachment; unsaved: number } | undefined> {
    if (!safeFileName(name)) return undefined;
    const known = session.files.get(name);
    if (known) return known;
    const row = session.evidence
      ? await this.attachments.findOneBy({ alarmNumber: session.evidence.alarmNumber, name })
      : await this.attachments
          .createQueryBuilder('f')
          .innerJoin(AlarmEvidence, 'e', 'e.alarm_number = f.alarm_number')
          .where('f.name = :name AND e.terminal_phone = :phone', { name, phone: session.phone })
          .orderBy('f.id', 'DESC')
          .getOne();
    if (!row || (size !== undefined && size !== row.size)) return undefined;
    // A link the terminal already closed still has its last frames stored.
    if (!session.link.closed && !session.link.identify()) return undefined;
    const file = { row, unsaved: 0 };
    session.files.set(name, file);
    return file;
  }

  private async data(session: Session, chunk: AttachmentData): Promise<void> {
    if (session.refused.has(chunk.name)) return this.warn(`attachment data from ${session.phone} skipped for the refused file ${JSON.stringify(chunk.name.slice(0, 64))}`);
    const file = await this.fileOf(session, chunk.name);
    const end = chunk.offset + chunk.data.length;
    if (!file || end > file.row.size) {
      this.warn(`attachment data from ${session.phone || session.link.remoteAddress} for ${file ? 'beyond the end of' : 'an unannounced file'} ${chunk.name}`);
      session.link.close('refused-upload', false);
      return;
    }
    if (file.row.status === AttachmentStatus.COMPLETE) return;
    await this.store.writePart(file.row.storageKey, chunk.offset, chunk.data);
    file.row.ranges = addRange(file.row.ranges, chunk.offset, end);
    file.unsaved += chunk.data.length;
    if (file.unsaved >= SAVE_EVERY_BYTES) await this.saveFile(file);
  }

  /** 0x1212: complete, or the ranges to send again (0x9212). */
  private async fileSent(session: Session, message: Jt808Message<AttachmentFileBody>): Promise<void> {
    const body = message.body;
    const file = await this.fileOf(session, body.name);
    if (!file) return this.reply(session, message, 1);
    const missing = file.row.status === AttachmentStatus.COMPLETE ? [] : missingRanges(file.row.ranges, file.row.size);
    if (!missing.length && file.row.status !== AttachmentStatus.COMPLETE) {
      if (file.row.size === 0) await this.store.writePart(file.row.storageKey, 0, Buffer.alloc(0));
      await this.store.commitPart(file.row.storageKey);
      file.row.status = AttachmentStatus.COMPLETE;
    }
    await this.saveFile(file);
    await this.send(session, 0x9212, { name: body.name, fileType: body.fileType, result: missing.length ? 1 : 0, missing: missing.slice(0, MAX_RESEND_RANGES) });
  }

  private async saveRanges(session: Session): Promise<void> {
    for (const file of session.files.values()) if (file.unsaved) await this.saveFile(file);
  }

  private async saveFile(file: { row: AlarmAttachment; unsaved: number }): Promise<void> {
    file.unsaved = 0;
    await this.attachments.update({ id: file.row.id }, { ranges: file.row.ranges, status: file.row.status, updatedAt: Date.now() });
  }

  private reply(session: Session, message: Jt808Message, result: number): Promise<void> {
    return this.send(session, 0x8001, { replySerial: message.serial, replyId: message.msgId, result });
  }

  // Written here, in frame order (the queue), not returned as the frame's answer: a refusal goes out before the link closes.
  private async send(session: Session, msgId: number, body: unknown): Promise<void> {
    if (session.link.closed) return;
    session.serial = (session.serial + 1) & 0xffff;
    session.link.send(encodeFrame({ msgId, version: session.version, phone: session.wirePhone, serial: session.serial, body }));
  }

  /** Rate-limited: a hostile terminal cannot flood the log. */
  private warn(text: string): void {
    this.log.write('warn', text);
  }
}

/** The link-server limits of the attachment port, from the alarm config. */
export function attachmentLinkLimits(config: AlarmConfig): LinkLimits {
  return {
    identifyWithinMs: config.ALARM_ATTACHMENT_IDENTIFY_S * 1000,
    idleMs: config.ALARM_ATTACHMENT_IDLE_S * 1000,
    maxIdentified: config.ALARM_ATTACHMENT_MAX_LINKS,
    maxUnidentified: config.ALARM_ATTACHMENT_MAX_UNIDENTIFIED_LINKS,
    maxUnidentifiedPerAddress: config.ALARM_ATTACHMENT_MAX_UNIDENTIFIED_PER_ADDRESS,
    maxBadFrames: config.ALARM_ATTACHMENT_MAX_BAD_FRAMES,
    maxInFlight: config.ALARM_ATTACHMENT_MAX_IN_FLIGHT,
  };
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
