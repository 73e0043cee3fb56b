import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { InstructionStatus, Topics, type InstructionOrderEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';

/** Batch ids of the orders this service asks for (the instruction service keeps them as the order's batch). */
export const VIDEO_REQUEST_PREFIX = 'video-';

interface Waiting {
  resolve: (event: InstructionOrderEvent) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface VideoCommand {
  commandType: string;
  /** '0x9101' ... */
  msgId: string;
  vehicleId: string;
  terminalPhone: string;
  body: Record<string, unknown>;
  operatorId: string;
  /** Set when the caller must know the order's batch id before it settles (a follow-up may come under it). */
  requestId?: string;
}

const FINAL_FAILURES: ReadonlySet<number> = new Set([InstructionStatus.DEVICE_OFFLINE, InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.VOID]);

/**
 * JT/T 1078 signalling through the instruction service's downlink path: a command goes out as an
 * instruction request (instruction.request.v1) and its outcome comes back as order events
 * (instruction.order.v1) that this instance follows in a group of its own. `send` settles when the
 * terminal answered (0x0001 success or the specific reply such as 0x1205), or fails with the
 * error an operator should read: offline, refused, timed out.
 */
@Injectable()
export class VideoCommands extends BusConsumer {
  private readonly logger = new Logger('VideoCommands');
  private readonly waiting = new Map<string, Waiting>();
  /** Order events after the reply (0x1206 upload finished), by batch id. */
  onFollowUp?: (event: InstructionOrderEvent) => void;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionOrder, {
        group: 'video-orders',
        perInstance: true,
        fromBeginning: false,
        each: (event) => {
          if (event.batchId.startsWith(VIDEO_REQUEST_PREFIX)) this.settle(event);
        },
      }),
    ];
  }

  override async onModuleDestroy(): Promise<void> {
    for (const waiting of this.waiting.values()) clearTimeout(waiting.timer);
    this.waiting.clear();
    await super.onModuleDestroy();
  }

  /** Sends and waits for the terminal's answer; the resolved event carries the reply body. */
  async send(command: VideoCommand): Promise<InstructionOrderEvent> {
    const requestId = command.requestId ?? newVideoRequestId();
    const timeoutS = this.config.VIDEO_COMMAND_TIMEOUT_S;
    const answered = new Promise<InstructionOrderEvent>((resolve, reject) => {
      // The instruction service times the order out too; this bound is for a lost event.
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        reject(new AppError(ErrorCode.VIDEO_DEVICE_TIMEOUT));
      }, (timeoutS + 5) * 1000);
      this.waiting.set(requestId, { resolve, reject, timer });
    });
    await this.bus.publish(Topics.instructionRequest, {
      key: command.terminalPhone,
      value: { requestId, source: 'video', commandType: command.commandType, vehicleId: command.vehicleId, msgId: command.msgId, body: command.body, operatorId: command.operatorId, offlinePolicy: 'fail', timeoutS, requestedAt: Date.now() },
    });
    return answered;
  }

  /** Sends without waiting (closing a stream nobody watches): failures are only logged. */
  fireAndForget(command: VideoCommand): void {
    this.send(command).catch((error: Error) => this.logger.debug(`${command.msgId} to ${command.terminalPhone}: ${error.message}`));
  }

  private settle(event: InstructionOrderEvent): void {
    const waiting = this.waiting.get(event.batchId);
    if (!waiting) {
      this.onFollowUp?.(event);
      return;
    }
    if (event.status === InstructionStatus.SUCCESS) return this.finish(event.batchId, waiting, () => waiting.resolve(event));
    if (!FINAL_FAILURES.has(event.status)) return;
    this.finish(event.batchId, waiting, () => waiting.reject(new AppError(failureCode(event))));
  }

  private finish(batchId: string, waiting: Waiting, settle: () => void): void {
    clearTimeout(waiting.timer);
    this.waiting.delete(batchId);
    settle();
  }
}

export function newVideoRequestId(): string {
  return `${VIDEO_REQUEST_PREFIX}${randomUUID()}`;
}

/** The error an operator reads for a failed order. */
export function failureCode(event: InstructionOrderEvent): number {
  switch (event.status) {
    case InstructionStatus.DEVICE_OFFLINE:
      return ErrorCode.VIDEO_DEVICE_OFFLINE;
    case InstructionStatus.RESPONSE_TIMEOUT:
      return ErrorCode.VIDEO_DEVICE_TIMEOUT;
    default:
      // The terminal answered 0x0001 failed (7103) or bad message (7104): the video device refused.
      // Anything else (not supported, no SIM, not configured ...) is the instruction service's own word.
      return !event.errorCode || event.errorCode === ErrorCode.INSTRUCTION_TERMINAL_FAILED || event.errorCode === ErrorCode.INSTRUCTION_MESSAGE_ERROR ? ErrorCode.VIDEO_DEVICE_REFUSED : event.errorCode;
  }
}
