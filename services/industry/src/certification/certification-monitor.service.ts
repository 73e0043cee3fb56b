import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, formatChinaTime, Topics, type EnergyReportBatch, type Position, type TerminalSessionEvent, type TerminalUplink } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { In, LessThanOrEqual, type Repository } from 'typeorm';
import { CERTIFICATION_CONFIG, type CertificationConfig } from './certification-config';
import { CertificationTest } from './certification-test.entity';
import { finish, optionalCodes } from './checks/check-state';
import { applyReport } from './checks/gb32960-checks';
import { applyPosition, applySession, applyUplink } from './checks/jt808-checks';

/** A frame for a running test, in the order its partition delivered it. */
type Frame = { key: string; at: number; apply: (test: CertificationTest) => void };

/** ZS + the China date of issue + the test id: the number printed on the certificate. */
export const certificateNo = (test: Pick<CertificationTest, 'id'>, issuedAt: number) => `ZS${formatChinaTime(issuedAt).slice(0, 10).replace(/-/g, '')}${String(test.id).padStart(6, '0')}`;

/**
 * Follows what the terminals under test send and moves their checks: 808 positions, registrations
 * and sessions (all keyed by terminal, co-partitioned) and GB/T 32960 reports (keyed by VIN). The
 * running tests are read again every sweep; a batch reads only the rows of its tests, applies its
 * frames in order and writes them back. Batches and the sweep of this process run one at a time,
 * so a test's row is never written from two stale copies here. The sweep closes the tests whose
 * time is up: pending checks fail (optional ones are skipped), a test with every check passed gets
 * its certificate number.
 */
@Injectable()
export class CertificationMonitorService extends BusConsumer {
  private readonly logger = new Logger(CertificationMonitorService.name);
  /** Running tests: 808 ones by canonical terminal phone, 32960 ones by VIN, to the test ids. */
  private running = new Map<string, number[]>();
  private queue: Promise<unknown> = Promise.resolve();
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(CertificationTest, 'industry') private readonly tests: Repository<CertificationTest>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(CERTIFICATION_CONFIG) private readonly config: CertificationConfig,
  ) {
    super();
  }

  protected consumes() {
    const group808 = this.config.CERTIFICATION_JT808_GROUP;
    return [
      consume(Topics.position, { group: group808, maxBatchSize: 2000, handle: (messages) => this.apply(messages.map((m) => this.positionFrame(m))) }),
      consume(Topics.terminalUplink, { group: `${group808}-uplink`, handle: (messages) => this.apply(messages.map((m) => this.uplinkFrame(m))) }),
      consume(Topics.terminalSession, { group: `${group808}-sessions`, handle: (messages) => this.apply(messages.map((m) => this.sessionFrame(m))) }),
      consume(Topics.energyReport, { group: this.config.CERTIFICATION_GB32960_GROUP, handle: (messages) => this.apply(messages.flatMap((m) => this.reportFrames(m))) }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    await this.refresh();
    await super.onModuleInit();
    // On every replica, no lease: a test is closed by a guarded UPDATE (status = 'running'), once.
    this.sweepTimer = setInterval(() => void this.sweep().catch((error: Error) => this.logger.warn(`certification sweep failed: ${error.message}`)), this.config.CERTIFICATION_SWEEP_MS);
    this.sweepTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await super.onModuleDestroy();
    await this.queue;
  }

  /** Reads the running tests again now (a test this process just opened is followed from its first frame). */
  refresh(): Promise<void> {
    return this.serial(async () => {
      const running = new Map<string, number[]>();
      for (const test of await this.tests.find({ select: { id: true, standard: true, terminalPhone: true, vin: true }, where: { status: 'running' } })) {
        const key = test.standard === 'jt808' ? canonicalTerminalPhone(test.terminalPhone) : test.vin;
        running.set(key, [...(running.get(key) ?? []), test.id]);
      }
      this.running = running;
    });
  }

  /** Closes the tests whose end passed, then reads the running ones again. */
  async sweep(now = Date.now()): Promise<void> {
    await this.serial(async () => {
      for (const test of await this.tests.findBy({ status: 'running', endsAt: LessThanOrEqual(now) })) {
        const passed = finish(test.progress, test.endsAt, optionalCodes(test.settings));
        const closed = { progress: test.progress, status: passed ? ('passed' as const) : ('failed' as const), finishedAt: now, certificateNo: passed ? certificateNo(test, now) : null, updatedAt: now };
        // Conditional: another instance's sweep may have closed it first.
        await this.tests.update({ id: test.id, status: 'running' }, closed);
      }
    });
    await this.refresh();
  }

  private positionFrame({ value }: DeliveredMessage<Position>): Frame {
    return { key: canonicalTerminalPhone(value.terminalPhone), at: value.receivedAtMs, apply: (test) => applyPosition(test.progress, value, test.settings) };
  }

  private uplinkFrame({ value }: DeliveredMessage<TerminalUplink>): Frame {
    return { key: canonicalTerminalPhone(value.terminalPhone), at: value.receivedAt, apply: (test) => applyUplink(test.progress, value) };
  }

  private sessionFrame({ value }: DeliveredMessage<TerminalSessionEvent>): Frame {
    return { key: canonicalTerminalPhone(value.terminalPhone), at: value.at, apply: (test) => applySession(test.progress, value) };
  }

  private reportFrames({ value }: DeliveredMessage<EnergyReportBatch>): Frame[] {
    return value.reports.map((report) => ({ key: report.vin, at: report.receivedAt, apply: (test) => applyReport(test.progress, report, test.settings) }));
  }

  /** Applies the frames of running tests (the rest are dropped at once) and writes the tests they moved. */
  private async apply(frames: Frame[]): Promise<void> {
    const mine = frames.filter((frame) => this.running.has(frame.key));
    if (!mine.length) return;
    await this.serial(async () => {
      const ids = [...new Set(mine.flatMap((frame) => this.running.get(frame.key) ?? []))];
      const tests = await this.tests.findBy({ id: In(ids), status: 'running' });
      const now = Date.now();
      // What arrived before the test opened or after its end is not the test's.
      for (const frame of mine) {
        for (const test of tests) if (keyOf(test) === frame.key && frame.at >= test.startedAt && frame.at < test.endsAt) frame.apply(test);
      }
      for (const test of tests) await this.tests.update({ id: test.id, status: 'running' }, { progress: test.progress, updatedAt: now });
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

const keyOf = (test: CertificationTest) => (test.standard === 'jt808' ? canonicalTerminalPhone(test.terminalPhone) : test.vin);
