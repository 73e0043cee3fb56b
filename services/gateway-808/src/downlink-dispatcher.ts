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

/**
 * Commands from the bus to the terminals this instance holds. Every instance consumes every
 * command (its own consumer group) and ignores terminals it does not hold; a command for a terminal
 * that, by the session directory, no instance holds goes to the offline reporter, which answers
 * "device offline" only on the elected instance and only when no gateway claimed the terminal.
 */
export class DownlinkDispatcher extends BusConsumer {
  private readonly recent = new Set<string>();

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
    // Commands name the terminal as the registry spells it; sessions are keyed by the canonical phone.
    const key = canonicalTerminalPhone(command.terminalPhone);
    let conn = this.ctx.sessions.get(key);
    if (!conn || conn.closed) {
      if (!this.ctx.directory.heldElsewhere(key)) this.offline.consider(command);
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
    const timeoutMs = Math.max(MIN_TIMEOUT_MS, Math.min(MAX_TIMEOUT_MS, command.timeoutMs || 30_000));
    conn.commands.add({ command, msgId, serial, deadline: Date.now() + timeoutMs });
    for (const frame of frames) {
      conn.socket.write(frame);
      this.ctx.metrics.countFrame('down', msgId);
      this.ctx.raw.record(conn.phone, 'down', frame);
    }
  }

  /** A terminal reply (0x0001 or a specific one): publishes the result of the command it answers. */
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

  private remember(commandId: string): void {
    this.recent.add(commandId);
    if (this.recent.size > RECENT_COMMANDS) this.recent.delete(this.recent.values().next().value as string);
  }
}
