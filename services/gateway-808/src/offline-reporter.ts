import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type DownlinkCommand, type PayloadCodec, type TopicDef } from '@openfleet/contracts';
import { BusConsumer, consume } from '@openfleet/service-kit';
import type { GatewayContext } from './gateway-context';
import type { SessionDirectory } from './session-directory';

/**
 * The election topic: one partition, never written. The gateways consume it in one shared group;
 * the member Kafka assigns its partition to is the offline reporter, and when that member leaves or
 * goes silent for the session timeout the partition, and the role, move to another member.
 */
export const offlineReporterTopic: TopicDef<Record<string, never>> = {
  name: 'gateway.offline-reporter.v1',
  key: 'gateway',
  partitions: 1,
  codec: { contentType: 'application/json', encode: () => Buffer.from('{}'), decode: () => ({}) } as PayloadCodec<Record<string, never>>,
  description: 'Elects the JT/T 808 gateway instance that answers "device offline" (one partition, no records)',
};

export const OFFLINE_REPORTER_GROUP = 'gateway-808-offline-reporter';
/** How long a reporter waits for its directory to catch up before it gives a command up (never guesses "offline"). */
const SYNC_TIMEOUT_MS = 5000;
const TICK_MS = 100;

interface Candidate {
  command: DownlinkCommand;
  phone: string;
  due: number;
  /** A gateway claimed the terminal while the command waited: it may have delivered it. */
  claimed: boolean;
}

/**
 * "Device offline" for commands to terminals no gateway holds, answered by exactly one instance:
 * the one the cluster elects (above). Every instance keeps the commands for terminals its directory
 * says nobody holds for the grace period, so a handover inside it loses nothing; when it ends the
 * instance that is reporter at that moment catches its directory up to the bus's end and answers
 * for those no gateway claimed meanwhile. A command whose terminal any gateway held at any moment
 * is never answered "offline" here: the holder answers it, or the instruction service times it out.
 */
export class OfflineReporter extends BusConsumer {
  private elected = false;
  private readonly waiting = new Map<string, Candidate>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Commands requested before this instance started are replays (its command group resumes where a previous run stopped): the reporter of that time had them. */
  private readonly startedAt = Date.now();

  constructor(
    private readonly ctx: GatewayContext,
    private readonly directory: SessionDirectory,
  ) {
    super();
    directory.onClaimed = (phone) => {
      if (this.waiting.size === 0) return;
      for (const candidate of this.waiting.values()) if (candidate.phone === phone) candidate.claimed = true;
    };
  }

  protected get bus(): EventBus {
    return this.ctx.bus;
  }

  /** True while this instance is the elected reporter (and not opted out). */
  get isReporter(): boolean {
    return this.elected;
  }

  protected consumes() {
    return [
      consume(offlineReporterTopic, {
        group: OFFLINE_REPORTER_GROUP,
        fromBeginning: false,
        sessionTimeoutMs: this.ctx.config.GATEWAY_808_REPORTER_SESSION_TIMEOUT_MS,
        handle: async () => undefined,
        onAssigned: async (owns) => this.setElected(owns('reporter')),
      }),
    ];
  }

  /** Joins the election (unless `GATEWAY_808_OFFLINE_REPORTER=false`); call once the directory is warm. */
  async start(): Promise<void> {
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    if (this.ctx.config.GATEWAY_808_OFFLINE_REPORTER) await this.startConsuming();
  }

  /** Leaves the group first, so another member takes over at once instead of after the session timeout. */
  async stop(): Promise<void> {
    this.setElected(false);
    clearInterval(this.timer);
    this.timer = undefined;
    this.waiting.clear();
    await this.stopConsuming();
  }

  /** Requested before this instance started: nobody answers it "offline" (see `startedAt`). */
  isReplay(command: DownlinkCommand): boolean {
    return command.requestedAt < this.startedAt;
  }

  /** A command for a terminal neither this instance nor, by the directory, any other holds. */
  consider(command: DownlinkCommand): void {
    if (!this.ctx.config.GATEWAY_808_OFFLINE_REPORTER || this.isReplay(command)) return;
    this.waiting.set(command.commandId, {
      command,
      phone: canonicalTerminalPhone(command.terminalPhone),
      due: Date.now() + this.ctx.config.GATEWAY_808_OFFLINE_GRACE_MS,
      claimed: false,
    });
  }

  private setElected(elected: boolean): void {
    if (elected !== this.elected) this.ctx.logger.log(`gateway ${this.ctx.gatewayId} ${elected ? 'is now' : 'is no longer'} the offline reporter`);
    this.elected = elected;
    this.ctx.metrics.offlineReporter.set(elected ? 1 : 0);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.waiting.size === 0) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const due = [...this.waiting.values()].filter((candidate) => candidate.due <= now);
      if (due.length === 0) return;
      if (!this.elected) {
        due.forEach((candidate) => this.waiting.delete(candidate.command.commandId));
        return;
      }
      // Every claim the bus accepted before now must be known before concluding nobody holds the terminal.
      const synced = await this.directory.sync(SYNC_TIMEOUT_MS).catch(() => false);
      for (const candidate of due) {
        this.waiting.delete(candidate.command.commandId);
        if (!synced) {
          this.ctx.logger.warn(`command ${candidate.command.commandId}: session directory not caught up, "offline" not reported`);
          continue;
        }
        if (!this.elected || candidate.claimed || this.ctx.sessions.has(candidate.phone) || this.directory.heldElsewhere(candidate.phone)) continue;
        await this.publishOffline(candidate.command);
      }
    } finally {
      this.ticking = false;
    }
  }

  private async publishOffline(command: DownlinkCommand): Promise<void> {
    try {
      await this.ctx.bus.publish(Topics.commandResult, {
        key: command.terminalPhone,
        value: { commandId: command.commandId, terminalPhone: command.terminalPhone, status: InstructionStatus.DEVICE_OFFLINE, at: Date.now() },
      });
    } catch (error) {
      this.ctx.logger.warn(`result of command ${command.commandId} not published: ${(error as Error).message}`);
    }
  }
}
