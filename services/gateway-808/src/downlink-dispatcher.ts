import { BusConsumer, consume } from '@openfleet/service-kit';
import { canonicalTerminalPhone, InstructionStatus, Topics, type CommandResult, type DownlinkCommand } from '@openfleet/contracts';
import { encodeFrames, messageFromJson } from '@openfleet/jt808';
import type { GatewayContext } from './gateway-context';
import type { OfflineReporter } from './offline-reporter';
import type { PendingCommand } from './pending-commands';
import type { TerminalConnection } from './terminal-connection';

const MIN_TIMEOUT_MS = 1000;
const MAX_TIMEOUT_MS = 10 * 60_000;
const RECENT_COMMANDS = 10_000;
const PARKED_COMMANDS = 10_000;

/**
 * Commands from the bus to the terminals this instance holds. Every instance consumes every
 * command (its own consumer group) and ignores terminals it does not hold; a command for a terminal
 * that, by the session directory, no instance holds goes to the offline reporter, which answers
 * "device offline" only on the elected instance and only when no gateway claimed the terminal.
 *
 * A replayed command (requested before this instance started: it died before sending it, and its
 * group resumes there) for a terminal nobody holds yet is parked until the command's own deadline:
 * its terminal is usually on its way back to this instance, and nobody would answer it otherwise.
 */
export class DownlinkDispatcher extends BusConsumer {
  private readonly recent = new Set<string>();
  /** Replayed commands waiting for their terminal, by canonical phone (see the class comment). */
  private readonly parked = new Map<string, DownlinkCommand[]>();
  private parkedCount = 0;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly offline: OfflineReporter,
  ) {
    super();
  }

  protected get bus() {
    return this.ctx.bus;
  }

  protected consumes() {
    const id = this.ctx.gatewayId;
    return [
      consume(Topics.downlinkCommand, {
        group: `gateway-808-${id}`,
        // Commands issued while no gateway ran are the instruction service's to time out, not ours to replay.
        fromBeginning: false,
        each: (command) => this.dispatch(command),
      }),
    ];
  }

  /** Called by the server (not a Nest provider): a group per gateway instance, so each sees every command. */
  start(): Promise<void> {
    return this.startConsuming();
  }

  stop(): Promise<void> {
    return this.stopConsuming();
  }

  async dispatch(command: DownlinkCommand): Promise<void> {
    // The bus delivers at least once: a redelivered command must not reach the terminal twice.
    if (this.recent.has(command.commandId)) return;
    this.remember(command.commandId);
    await this.deliver(command);
  }

  /** A terminal's session started here: its parked commands still in time go out. */
  async sessionStarted(key: string): Promise<void> {
    const parked = this.parked.get(key);
    if (!parked) return;
    this.parked.delete(key);
    this.parkedCount -= parked.length;
    const now = Date.now();
    for (const command of parked) if (parkedUntil(command) > now) await this.deliver(command);
  }

  private async deliver(command: DownlinkCommand): Promise<void> {
    // Commands name the terminal as the registry spells it; sessions are keyed by the canonical phone.
    const key = canonicalTerminalPhone(command.terminalPhone);
    let conn = this.ctx.sessions.get(key);
    if (!conn || conn.closed) {
      if (this.ctx.directory.heldElsewhere(key)) return;
      if (this.offline.isReplay(command)) this.park(key, command);
      else this.offline.consider(command);
      return;
    }
    // The terminal gets a command only once the directory has its claim: the offline reporter then
    // sees the claim (it catches up to the bus's end before answering) and stays silent.
    if (conn.announced) await conn.announced;
    conn = this.ctx.sessions.get(key);
    // Gone meanwhile: the reporter saw the claim, so nobody answers and the instruction service times the order out.
    if (!conn || conn.closed) return;
    let frames: Buffer[];
    let msgId: number;
    let serial: number;
    try {
      const msg = messageFromJson({ msgId: command.msgId, version: conn.version, phone: conn.phone, serial: 0, body: command.body });
      msgId = msg.msgId;
      // Bodies over 1023 bytes (upgrade packages) go as subpackages; the terminal answers each packet,
      // and the answer to the last one settles the command.
      const encoded = encodeFrames(msg, () => conn.nextSerial());
      frames = encoded.frames;
      serial = encoded.serials[encoded.serials.length - 1];
    } catch (error) {
      this.ctx.logger.warn(`command ${command.commandId} for ${command.terminalPhone} cannot be encoded: ${(error as Error).message}`);
      await this.publishResult({
        commandId: command.commandId,
        terminalPhone: command.terminalPhone,
        status: InstructionStatus.FAILED,
        at: Date.now(),
        replyBody: { error: (error as Error).message },
      });
      return;
    }
    const timeoutMs = replyTimeoutMs(command);
    conn.commands.add({ command, msgId, serial, deadline: Date.now() + timeoutMs });
    for (const frame of frames) {
      conn.socket.write(frame);
      this.ctx.metrics.countFrame('down', msgId);
      this.ctx.raw.record(conn.phone, 'down', frame);
    }
  }

  /** Matches a reply to the command it answers; false when it answers none. */
  onReply(conn: TerminalConnection, msgId: number, body: Record<string, unknown>): boolean {
    const outcome = conn.existingCommands?.match(msgId, body);
    if (!outcome) return false;
    void this.publishResult({
      commandId: outcome.pending.command.commandId,
      terminalPhone: conn.phone,
      status: outcome.status,
      at: Date.now(),
      replyMsgId: '0x' + msgId.toString(16).padStart(4, '0').toUpperCase(),
      replyResult: outcome.replyResult,
      replyBody: body,
    });
    return true;
  }

  /** Commands past their deadline get "response timeout". */
  sweep(conn: TerminalConnection, now: number): void {
    const commands = conn.existingCommands;
    if (!commands || commands.size === 0) return;
    for (const pending of commands.expire(now)) this.finish(conn, pending, InstructionStatus.RESPONSE_TIMEOUT);
  }

  /** The terminal went away before answering. */
  sessionEnded(conn: TerminalConnection): void {
    for (const pending of conn.existingCommands?.drain() ?? []) this.finish(conn, pending, InstructionStatus.DEVICE_OFFLINE);
  }

  private finish(conn: TerminalConnection, pending: PendingCommand, status: CommandResult['status']): void {
    void this.publishResult({ commandId: pending.command.commandId, terminalPhone: conn.phone, status, at: Date.now() });
  }

  private async publishResult(result: CommandResult): Promise<void> {
    try {
      await this.ctx.bus.publish(Topics.commandResult, { key: result.terminalPhone, value: result });
    } catch (error) {
      this.ctx.logger.warn(`result of command ${result.commandId} not published: ${(error as Error).message}`);
    }
  }

  private park(key: string, command: DownlinkCommand): void {
    const now = Date.now();
    if (parkedUntil(command) <= now) return;
    if (this.parkedCount >= PARKED_COMMANDS) this.dropExpired(now);
    if (this.parkedCount >= PARKED_COMMANDS) {
      this.ctx.logger.warn(`command ${command.commandId} for ${command.terminalPhone} not parked: ${PARKED_COMMANDS} replayed commands wait already`);
      return;
    }
    const list = this.parked.get(key) ?? [];
    list.push(command);
    this.parked.set(key, list);
    this.parkedCount++;
  }

  private dropExpired(now: number): void {
    for (const [key, list] of this.parked) {
      const live = list.filter((command) => parkedUntil(command) > now);
      this.parkedCount -= list.length - live.length;
      if (live.length) this.parked.set(key, live);
      else this.parked.delete(key);
    }
  }

  private remember(commandId: string): void {
    this.recent.add(commandId);
    if (this.recent.size > RECENT_COMMANDS) this.recent.delete(this.recent.values().next().value as string);
  }
}

function replyTimeoutMs(command: DownlinkCommand): number {
  return Math.max(MIN_TIMEOUT_MS, Math.min(MAX_TIMEOUT_MS, command.timeoutMs || 30_000));
}

/** A parked command is worth sending until its reply would have been due, had it gone out when requested. */
function parkedUntil(command: DownlinkCommand): number {
  return command.requestedAt + replyTimeoutMs(command);
}
