import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { INSTRUCTION_CONFIG, type InstructionConfig } from '../instruction-config';
import { OrderService } from './order.service';

/** Commands other services ask for (instruction.request.v1): fence issuing. */
@Injectable()
export class InstructionRequestsConsumer extends BusConsumer {
  private readonly logger = new Logger(InstructionRequestsConsumer.name);

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(INSTRUCTION_CONFIG) private readonly config: InstructionConfig,
    private readonly orders: OrderService,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionRequest, {
        group: `${this.config.INSTRUCTION_GROUP}-requests`,
        fromBeginning: true,
        each: async (request) => {
          const order = await this.orders.sendRequested(request);
          if (order?.errorCode) this.logger.debug(`request ${request.requestId} from ${request.source}: ${order.errorCode}`);
        },
      }),
    ];
  }
}
