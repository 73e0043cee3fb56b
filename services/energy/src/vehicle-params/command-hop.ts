import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics, type EnergyCommand, type EnergyCommandResult } from '@openfleet/contracts';
import { Encryption, type Gb32960Frame } from '@openfleet/gb32960';
import { BusConsumer, consume, EVENT_BUS, RateLimitedLog } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { Gb32960Server } from '../gateway/gb32960-server';
import { VehicleCommandError } from './vehicle-commands';

/** Command ids remembered by a holder, so a command the bus delivers again is not sent twice. */
const RECENT_COMMANDS = 10_000;

/** A hopped command waiting at the requesting instance for the holder's results. */
interface Waiting {
  vin: string;
  command: number;
  timeoutMs: number;
  resolve: (answer: Gb32960Frame) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * GB/T 32960 platform commands (0x80-0x82) at N energy instances: only the instance holding the
 * VIN's link can write to the vehicle, and the api routes an HTTP request to any of them.
 *
 * - The requester holds the link itself: the command goes out directly, no bus.
 * - Otherwise it publishes the command (energy.command.v1, key VIN, a fresh commandId) and waits
 *   for that id on energy.command-result.v1. Every instance reads every command (a group per
 *   process, from the latest offset); instances without the link stay silent; the holder writes
 *   the frame, publishes `sent`, then the outcome (`answered` with the vehicle's answer, `busy`,
 *   `timeout`, `closed`). No `sent` within ENERGY_COMMAND_GRACE_MS means no instance holds the
 *   link: 'offline' (7205). After `sent` the requester waits the command's timeout and the grace
 *   (the holder's own `timeout` normally comes first).
 *
 * A holder remembers the command ids it has seen: a command the bus delivers twice reaches the
 * vehicle once. No directory of links is kept, so none can be stale after a restart or a vehicle
 * moving between instances; the cost is the grace before 7205.
 */
@Injectable()
export class VehicleCommandHop extends BusConsumer {
  private readonly logger = new Logger('VehicleCommandHop');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly waiting = new Map<string, Waiting>();
  private readonly recent = new Set<string>();
  private readonly assigned = { commands: deferred(), results: deferred() };

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly server: Gb32960Server,
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.energyCommand, {
        group: 'energy-commands',
        // Every process sees every command; one issued while this one was down is not replayed.
        perInstance: true,
        fromBeginning: false,
        onAssigned: async () => this.assigned.commands.resolve(),
        each: (command) => this.serve(command),
      }),
      consume(Topics.energyCommandResult, {
        group: 'energy-command-results',
        perInstance: true,
        fromBeginning: false,
        onAssigned: async () => this.assigned.results.resolve(),
        each: (result) => this.settle(result),
      }),
    ];
  }

  /** Resolves once this instance reads both topics (Kafka: its groups have their partitions). */
  async ready(): Promise<void> {
    await Promise.all([this.assigned.commands.promise, this.assigned.results.promise]);
  }

  /**
   * Sends a command to the VIN wherever its link is and settles with the vehicle's answer frame;
   * VehicleCommandError 'offline' (no instance holds the link), 'busy', 'timeout', 'closed'.
   */
  async send(vin: string, command: number, data: Buffer, timeoutMs: number): Promise<Gb32960Frame> {
    if (this.server.holds(vin)) return this.server.command(vin, command, data, timeoutMs);
    // The holder's results must not pass by before this instance reads them.
    await this.assigned.results.promise;
    const commandId = randomUUID();
    const value: EnergyCommand = { commandId, vin, command, data: data.toString('hex'), timeoutMs, requestedAt: Date.now() };
    return new Promise<Gb32960Frame>((resolve, reject) => {
      const timer = setTimeout(() => this.give(commandId, new VehicleCommandError('offline', `no energy instance holds a link of ${vin}`)), this.config.ENERGY_COMMAND_GRACE_MS);
      timer.unref();
      this.waiting.set(commandId, { vin, command, timeoutMs, resolve, reject, timer });
      this.bus.publish(Topics.energyCommand, { key: vin, value }).catch((error: Error) => this.give(commandId, error));
    });
  }

  /** A command from the bus: sent to the vehicle only by the instance holding its link, once. */
  private async serve(command: EnergyCommand): Promise<void> {
    if (this.recent.has(command.commandId)) return;
    // Not ours: another instance holds the link, or none does (the requester answers that).
    if (!this.server.holds(command.vin)) return;
    this.remember(command.commandId);
    // Its requester has given up long ago (delivered late, e.g. after a rebalance).
    if (Date.now() > command.requestedAt + command.timeoutMs + this.config.ENERGY_COMMAND_GRACE_MS) return;
    const base = { commandId: command.commandId, vin: command.vin };
    const answer = this.server.command(command.vin, command.command, Buffer.from(command.data, 'hex'), command.timeoutMs, () => void this.publish({ ...base, status: 'sent', at: Date.now() }));
    // Not awaited: the partition's next command must not wait for this vehicle's answer.
    answer.then(
      (frame) => this.publish({ ...base, status: 'answered', at: Date.now(), response: frame.response, data: frame.data.toString('hex') }),
      (error: Error) => {
        if (!(error instanceof VehicleCommandError)) return this.log.write('warn', `command ${command.commandId} for ${command.vin}: ${error.message}`);
        // 'offline': the link ended between the check and the write; silence answers 7205 as for no holder.
        if (error.reason !== 'offline') return this.publish({ ...base, status: error.reason, at: Date.now() });
      },
    );
  }

  /** A holder's result: settles the command this instance waits for; others' results are ignored. */
  private settle(result: EnergyCommandResult): void {
    const waiting = this.waiting.get(result.commandId);
    if (!waiting) return;
    switch (result.status) {
      case 'sent':
        clearTimeout(waiting.timer);
        waiting.timer = setTimeout(
          () => this.give(result.commandId, new VehicleCommandError('timeout', `${waiting.vin} did not answer 0x${waiting.command.toString(16)} within ${waiting.timeoutMs} ms`)),
          waiting.timeoutMs + this.config.ENERGY_COMMAND_GRACE_MS,
        );
        waiting.timer.unref();
        return;
      case 'answered':
        this.done(result.commandId);
        waiting.resolve({ edition: '2016', command: waiting.command, response: result.response!, vin: waiting.vin, encryption: Encryption.NONE, data: Buffer.from(result.data!, 'hex') });
        return;
      case 'busy':
        return this.give(result.commandId, new VehicleCommandError('busy', `${waiting.vin} has a 0x${waiting.command.toString(16)} waiting for its answer`));
      case 'timeout':
        return this.give(result.commandId, new VehicleCommandError('timeout', `${waiting.vin} did not answer 0x${waiting.command.toString(16)} within ${waiting.timeoutMs} ms`));
      case 'closed':
        return this.give(result.commandId, new VehicleCommandError('closed', `${waiting.vin}'s link closed before it answered`));
    }
  }

  private give(commandId: string, error: Error): void {
    const waiting = this.done(commandId);
    waiting?.reject(error);
  }

  private done(commandId: string): Waiting | undefined {
    const waiting = this.waiting.get(commandId);
    if (!waiting) return undefined;
    clearTimeout(waiting.timer);
    this.waiting.delete(commandId);
    return waiting;
  }

  private async publish(result: EnergyCommandResult): Promise<void> {
    try {
      await this.bus.publish(Topics.energyCommandResult, { key: result.vin, value: result });
    } catch (error) {
      // The requester answers from its own timers (7205 before `sent`, 7117 after).
      this.log.write('warn', `result ${result.status} of command ${result.commandId} for ${result.vin} not published: ${(error as Error).message}`);
    }
  }

  private remember(commandId: string): void {
    this.recent.add(commandId);
    if (this.recent.size > RECENT_COMMANDS) this.recent.delete(this.recent.values().next().value as string);
  }

  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    for (const commandId of [...this.waiting.keys()]) this.give(commandId, new VehicleCommandError('closed', 'the energy service is stopping'));
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((yes) => (resolve = yes));
  return { promise, resolve };
}
