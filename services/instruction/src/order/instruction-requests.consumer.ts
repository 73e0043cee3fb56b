import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventBus, Subscription } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { INSTRUCTION_CONFIG, type InstructionConfig } from '../instruction-config';
import { OrderService } from './order.service';

/** Commands other services ask for (instruction.request.v1): fence issuing. */
@Injectable()
export class InstructionRequestsConsumer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(InstructionRequestsConsumer.name);
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(INSTRUCTION_CONFIG) private readonly config: InstructionConfig,
    private readonly orders: OrderService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.instructionRequest, {
      group: `${this.config.INSTRUCTION_GROUP}-requests`,
      fromBeginning: true,
      handle: async (messages) => {
        for (const { value } of messages) {
          const order = await this.orders.sendRequested(value);
          if (order?.errorCode) this.logger.debug(`request ${value.requestId} from ${value.source}: ${order.errorCode}`);
        }
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
