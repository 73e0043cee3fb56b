import { performance } from 'node:perf_hooks';
import type { PublishRecord } from '@openfleet/bus';
import {
  canonicalTerminalPhone,
  Topics,
  type Position,
  type TerminalRegistrationChange,
  type TerminalRegistrationEvent,
  type TerminalUplink,
} from '@openfleet/contracts';
import {
  dateToBcdTime,
  decodeBody,
  messageToJson,
  type AuthBody,
  type Jt808Message,
  type LocationBatchBody,
  type LocationBody,
  type LocationReplyBody,
  type RegisterBody,
} from '@openfleet/jt808';
import type { DownlinkDispatcher } from './downlink-dispatcher';
import { publishSessionEvent, type GatewayContext } from './gateway-context';
import { ALSO_UNSOLICITED, REPLY_MESSAGE_IDS } from './pending-commands';
import { toPosition, type PositionContext } from './position-mapper';
import type { TerminalConnection } from './terminal-connection';
import { RegisterResult } from './terminal-registry';

/** Reports whose every field travels in position records (tracking.position.v1), not on the uplink topic. */
const LOCATION_REPORT_IDS: ReadonlySet<number> = new Set([0x0200, 0x0704]);

const RESOLVED_FALSE: Promise<boolean> = Promise.resolve(false);
const NOTHING_PUBLISHED: Promise<void> = Promise.resolve();

/** 0x8001 results. */
const GENERAL_OK = 0;
const GENERAL_FAILURE = 1;
const TERMINAL_LOGOUT = 0x0003;
const TERMINAL_GENERAL_REPLY = 0x0001;

/**
 * Everything a decoded terminal message causes: registration, authentication, publishing to the
 * bus and, only once the bus accepted it, the acknowledgement.
 */
export class UplinkHandler {
  constructor(
    private readonly ctx: GatewayContext,
    private readonly downlink: DownlinkDispatcher,
  ) {}

  handle(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): void {
    if (msg.subpackage) return this.fragment(conn, msg, receivedAt);
    if (msg.msgId === 0x0100) return this.register(conn, msg, receivedAt);
    if (msg.msgId === 0x0102) return this.authenticate(conn, msg, receivedAt);
    // A general reply before authentication (e.g. to our 0x8100) asks for nothing: ignore it.
    if (!conn.authenticated && msg.msgId === TERMINAL_GENERAL_REPLY) return;
    if (!conn.authenticated || msg.phone !== conn.phone) {
      // Choice: answer failure and drop the connection, so a confused terminal starts over with 0x0102.
      this.reply(conn, msg, GENERAL_FAILURE);
      this.ctx.close(conn, 'unauthenticated');
      return;
    }
    conn.version = msg.version;
    if (msg.msgId === TERMINAL_LOGOUT) return this.logOff(conn, msg, receivedAt);
    this.publishThenAck(conn, msg, [msg.serial], receivedAt);
  }

  /** 0x0003: the registration (and its auth code) ends; stored by admin, acknowledged once on the bus. */
  private logOff(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): void {
    const provisioned = this.ctx.registry.logOff(msg.phone);
    const event = provisioned ? this.registrationEvent(msg, 'logged-off', '', '') : undefined;
    void this.publish(conn, msg, receivedAt, undefined, event).then((accepted) => {
      if (!accepted || conn.closed) return;
      this.reply(conn, msg, GENERAL_OK);
    });
  }

  private registrationEvent(msg: Jt808Message, change: TerminalRegistrationChange, deviceId: string, authCode: string): PublishRecord<TerminalRegistrationEvent> {
    const terminalPhone = canonicalTerminalPhone(msg.phone);
    return { key: terminalPhone, value: { terminalPhone, change, deviceId, authCode, protocolVersion: msg.version, gatewayId: this.ctx.gatewayId, at: Date.now() } };
  }

  private register(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): void {
    conn.phone = msg.phone;
    conn.version = msg.version;
    const outcome = this.ctx.registry.register(msg.phone, msg.body as RegisterBody, msg.version);
    conn.reportedPlate = (msg.body as RegisterBody).plate?.trim() ?? '';
    if (outcome.result !== RegisterResult.OK)
      this.ctx.warnRefusal(conn, `terminal ${msg.phone} (device ${outcome.deviceId || '-'}) from ${conn.remoteAddress}: registration refused, 0x8100 result ${outcome.result}`);
    // A provisioned terminal's registration (device id, auth code) is stored by admin: it is on the
    // bus before the terminal learns its code, like every other acknowledged message.
    const stored =
      outcome.result === RegisterResult.OK && outcome.provisioned
        ? this.registrationEvent(msg, 'registered', outcome.deviceId, outcome.authCode!)
        : undefined;
    void this.publish(conn, msg, receivedAt, undefined, stored).then((accepted) => {
      if (!accepted || conn.closed) return;
      this.send(conn, 0x8100, { replySerial: msg.serial, result: outcome.result, authCode: outcome.authCode });
    });
  }

  private authenticate(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): void {
    const { authCode } = msg.body as AuthBody;
    if (!this.ctx.registry.authenticate(msg.phone, authCode)) {
      this.ctx.warnRefusal(conn, `terminal ${msg.phone} from ${conn.remoteAddress}: unknown auth code`);
      conn.phone = msg.phone;
      conn.version = msg.version;
      this.reply(conn, msg, GENERAL_FAILURE);
      this.ctx.close(conn, 'auth-failed');
      return;
    }
    // The link is identified: its pre-auth deadline ends and it counts against GATEWAY_808_MAX_LINKS (closed when full).
    if (!conn.link.identify()) return;
    const firstAuth = !conn.authenticated;
    conn.phone = msg.phone;
    conn.version = msg.version;
    conn.authenticated = true;
    conn.vehicleId = this.ctx.registry.vehicleIdOf(msg.phone);
    const sessionKey = canonicalTerminalPhone(msg.phone);
    const previous = this.ctx.sessions.get(sessionKey);
    if (previous !== conn) {
      // Bound now so commands reach the new connection; the old one is reported offline as replaced.
      this.ctx.sessions.set(sessionKey, conn);
      this.ctx.metrics.sessions.set(this.ctx.sessions.size);
      // Claimed in the session directory before any command goes out (see DownlinkDispatcher.dispatch).
      conn.announced = this.ctx.directory.announce(sessionKey, true).catch((error: Error) => {
        this.ctx.logger.warn(`session directory claim for ${msg.phone} not published: ${error.message}`);
      });
      if (previous) this.ctx.close(previous, 'replaced');
    }
    void this.publish(conn, msg, receivedAt).then(async (accepted) => {
      if (!accepted || conn.closed) return;
      this.reply(conn, msg, GENERAL_OK);
      if (!firstAuth && previous === conn) return;
      // After the authentication's answer: commands replayed at this instance's restart that waited for the terminal.
      void this.downlink.sessionStarted(sessionKey);
      await publishSessionEvent(this.ctx, {
        terminalPhone: conn.phone,
        vehicleId: conn.vehicleId || undefined,
        state: 'online',
        gatewayId: this.ctx.gatewayId,
        at: Date.now(),
        remoteAddress: conn.remoteAddress,
        ...(conn.reportedPlate ? { plateCode: conn.reportedPlate } : {}),
      });
    });
  }

  private fragment(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): void {
    if (!conn.authenticated || msg.phone !== conn.phone) {
      this.reply(conn, msg, GENERAL_FAILURE);
      this.ctx.close(conn, 'unauthenticated');
      return;
    }
    const { total, index } = msg.subpackage!;
    const hex = (msg.body as { hex: string }).hex;
    const cfg = this.ctx.config;
    const whole = conn
      .assembler(cfg.GATEWAY_808_SUBPACKAGE_TIMEOUT_MS, cfg.GATEWAY_808_SUBPACKAGE_RETRIES)
      .add({ msgId: msg.msgId, version: msg.version, serial: msg.serial, total, index, bytes: Buffer.from(hex, 'hex') }, receivedAt);
    if (whole === 'rejected') {
      this.ctx.logger.warn(`terminal ${conn.phone}: subpackaged 0x${msg.msgId.toString(16)} over the reassembly bound, dropped`);
      this.reply(conn, msg, GENERAL_FAILURE);
      return;
    }
    // Held for reassembly: acknowledged now, or a terminal that waits for each packet's answer
    // (stop-and-wait) would stall until our 0x8003. The message itself is published, and its last
    // packet acknowledged, once it is whole (see docs/gateway-808.md, "Subpackages").
    if (whole === 'held') return this.reply(conn, msg, GENERAL_OK);
    let body: unknown;
    try {
      body = decodeBody(whole.msgId, whole.body, whole.version);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'BAD_FIELD';
      this.ctx.metrics.decodeErrors.inc({ code });
      this.ctx.logger.warn(`terminal ${conn.phone}: reassembled 0x${whole.msgId.toString(16)} does not decode (${code})`);
      this.reply(conn, msg, 2);
      return;
    }
    const assembled: Jt808Message = { msgId: whole.msgId, version: whole.version, phone: msg.phone, serial: whole.firstSerial, body };
    this.publishThenAck(conn, assembled, [msg.serial], receivedAt, true);
  }

  /** `fragmented`: `serials` are the packets of a subpackaged message, each answered 0x8001 (0x0801 too). */
  private publishThenAck(conn: TerminalConnection, msg: Jt808Message, serials: number[], receivedAt: number, fragmented = false): void {
    // Location reports travel only as compact position records: the hot path skips JSON entirely.
    const json = LOCATION_REPORT_IDS.has(msg.msgId) ? undefined : (messageToJson(msg).body as Record<string, unknown>);
    const answered = !!json && REPLY_MESSAGE_IDS.has(msg.msgId) && this.downlink.onReply(conn, msg.msgId, json);
    void this.publish(conn, msg, receivedAt, json).then((accepted) => {
      if (!accepted || conn.closed) return;
      if (REPLY_MESSAGE_IDS.has(msg.msgId) && (answered || !ALSO_UNSOLICITED.has(msg.msgId))) return;
      if (msg.msgId === 0x0004) {
        this.send(conn, 0x8004, { time: dateToBcdTime(new Date()) });
        return;
      }
      if (msg.msgId === 0x0801) {
        if (fragmented) for (const serial of serials) this.sendGeneralReply(conn, serial, msg.msgId, GENERAL_OK);
        // Every packet arrived: no retransmit fields at all (JT/T 808-2013 table 82), not a count of 0.
        this.send(conn, 0x8800, { mediaId: (json?.mediaId as number) ?? 0 });
        return;
      }
      for (const serial of serials) this.sendGeneralReply(conn, serial, msg.msgId, GENERAL_OK);
    });
  }

  /**
   * Publishes the message: location reports (0x0200, 0x0704) as position records only, every other
   * message on the uplink topic (plus the position inside 0x0201/0x0500). Resolves false when the
   * connection ended before the bus took it.
   */
  private publish(
    conn: TerminalConnection,
    msg: Jt808Message,
    receivedAt: number,
    json?: Record<string, unknown>,
    registration?: PublishRecord<TerminalRegistrationEvent>,
  ): Promise<boolean> {
    const uplink: PublishRecord<TerminalUplink> | undefined = LOCATION_REPORT_IDS.has(msg.msgId)
      ? undefined
      : {
          key: canonicalTerminalPhone(msg.phone),
          value: {
            terminalPhone: msg.phone,
            msgId: hex4(msg.msgId),
            version: msg.version,
            serial: msg.serial,
            receivedAt,
            gatewayId: this.ctx.gatewayId,
            vehicleId: conn.vehicleId || undefined,
            body: json ?? (messageToJson(msg).body as Record<string, unknown>),
          },
        };
    const positions = this.positionsOf(conn, msg, receivedAt);
    // Counted against the link's in-flight limit: past it the link server stops reading the socket.
    return conn.link.track(this.publishUntilAccepted(conn, msg, uplink, positions, registration));
  }

  /**
   * Publishes, retrying while the gate is closed; false when the connection ended first. This runs
   * once per frame: while the gate is open the records go to the bus at once and the caller gets
   * one reaction on the bus's own promise (no async frame, no Promise.all of one); only a failure
   * takes the retry loop.
   */
  private publishUntilAccepted(
    conn: TerminalConnection,
    msg: Jt808Message,
    uplink: PublishRecord<TerminalUplink> | undefined,
    positions: PublishRecord<Position>[],
    registration: PublishRecord<TerminalRegistrationEvent> | undefined,
  ): Promise<boolean> {
    if (!this.ctx.gate.isOpen) return this.retryUntilAccepted(conn, msg, uplink, positions, registration, performance.now());
    if (conn.closed) return RESOLVED_FALSE;
    const started = performance.now();
    let published: Promise<unknown>;
    try {
      published = this.publishRecords(uplink, positions, registration);
    } catch (error) {
      published = Promise.reject(error as Error);
    }
    return published.then(
      () => this.accepted(started),
      (error: Error) => {
        this.rejected(msg, error);
        return this.retryUntilAccepted(conn, msg, uplink, positions, registration, started);
      },
    );
  }

  private async retryUntilAccepted(
    conn: TerminalConnection,
    msg: Jt808Message,
    uplink: PublishRecord<TerminalUplink> | undefined,
    positions: PublishRecord<Position>[],
    registration: PublishRecord<TerminalRegistrationEvent> | undefined,
    started: number,
  ): Promise<boolean> {
    for (;;) {
      await this.ctx.gate.whenOpen();
      if (conn.closed) return false;
      try {
        await this.publishRecords(uplink, positions, registration);
        return this.accepted(started);
      } catch (error) {
        this.rejected(msg, error as Error);
      }
    }
  }

  /** One bus call per topic the message has records for; a location report has only positions. */
  private publishRecords(
    uplink: PublishRecord<TerminalUplink> | undefined,
    positions: PublishRecord<Position>[],
    registration: PublishRecord<TerminalRegistrationEvent> | undefined,
  ): Promise<unknown> {
    const { bus } = this.ctx;
    if (!uplink && !registration) return positions.length > 0 ? bus.publish(Topics.position, positions) : NOTHING_PUBLISHED;
    return Promise.all([
      uplink && bus.publish(Topics.terminalUplink, uplink),
      positions.length > 0 && bus.publish(Topics.position, positions),
      registration && bus.publish(Topics.terminalRegistration, registration),
    ]);
  }

  private accepted(started: number): true {
    this.ctx.gate.succeeded();
    this.ctx.metrics.publishLatency.observe((performance.now() - started) / 1000);
    return true;
  }

  private rejected(msg: Jt808Message, error: Error): void {
    // Not acknowledged; held (socket paused by the gate) and retried when the gate reopens.
    this.ctx.metrics.publishFailures.inc();
    if (this.ctx.gate.isOpen) this.ctx.logger.warn(`bus rejected uplink of ${msg.phone}: ${error.message}; pausing terminals`);
    this.ctx.gate.failed();
  }

  private positionsOf(conn: TerminalConnection, msg: Jt808Message, receivedAt: number): PublishRecord<Position>[] {
    // Contexts built field by field: this runs once per location frame (no object spread on the hot path).
    // Keyed by the canonical phone, as the session events: one terminal, one partition, whatever header form it uses.
    const key = canonicalTerminalPhone(msg.phone);
    const context = (blindArea: boolean, sequence: number): PositionContext => ({
      terminalPhone: msg.phone,
      vehicleId: conn.vehicleId,
      serial: msg.serial,
      receivedAtMs: receivedAt,
      blindArea,
      sequence,
    });
    if (msg.msgId === 0x0200) return [{ key, value: toPosition(msg.body as LocationBody, context(false, 0)) }];
    if (msg.msgId === 0x0201 || msg.msgId === 0x0500)
      return [{ key, value: toPosition((msg.body as LocationReplyBody).location, context(false, 0)) }];
    if (msg.msgId === 0x0704) {
      const batch = msg.body as LocationBatchBody;
      // One publish call, items in order: the batch keeps its order on the terminal's partition.
      return batch.items.map((item, sequence) => ({ key, value: toPosition(item, context(batch.type === 1, sequence)) }));
    }
    return [];
  }

  private reply(conn: TerminalConnection, msg: Jt808Message, result: number): void {
    if (!conn.phone) conn.phone = msg.phone;
    this.sendGeneralReply(conn, msg.serial, msg.msgId, result);
  }

  /** 0x8001: the answer to nearly every frame, so not through the generic encoder (see GeneralReplyEncoder). */
  private sendGeneralReply(conn: TerminalConnection, replySerial: number, replyId: number, result: number): void {
    if (conn.closed) return;
    try {
      const frame = conn.sendGeneralReply(replySerial, replyId, result);
      this.ctx.metrics.countFrame('down', 0x8001);
      this.ctx.raw.record(conn.phone, 'down', frame);
    } catch (error) {
      this.ctx.logger.error(`cannot send 0x8001 to ${conn.phone}: ${(error as Error).message}`);
    }
  }

  private send(conn: TerminalConnection, msgId: number, body: unknown): void {
    if (conn.closed) return;
    try {
      const { frame } = conn.send(msgId, body);
      this.ctx.metrics.countFrame('down', msgId);
      this.ctx.raw.record(conn.phone, 'down', frame);
    } catch (error) {
      this.ctx.logger.error(`cannot send 0x${msgId.toString(16)} to ${conn.phone}: ${(error as Error).message}`);
    }
  }
}

function hex4(n: number): string {
  return '0x' + n.toString(16).padStart(4, '0').toUpperCase();
}
