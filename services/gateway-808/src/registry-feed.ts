import type { EventBus } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { BusConsumer, consume } from '@openfleet/service-kit';
import type { TerminalRegistry } from './terminal-registry';

/**
 * Fills the gateway's registry cache from the admin service's compacted topic. A per-instance
 * group read from the beginning: the cache is rebuilt from the whole topic at every start, where a
 * fixed group would resume from its committed offsets and leave it empty.
 */
export class RegistryFeed extends BusConsumer {
  constructor(
    protected readonly bus: EventBus,
    private readonly registry: TerminalRegistry,
    private readonly gatewayId: string,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.terminalRegistry, {
        group: `gateway-808-registry-${this.gatewayId}`,
        perInstance: true,
        fromBeginning: true,
        handle: async (messages) => messages.forEach((message) => this.registry.apply(message.value)),
      }),
    ];
  }

  /** Called by the server (not a Nest provider), before the listener accepts terminals. */
  start(): Promise<void> {
    return this.startConsuming();
  }

  stop(): Promise<void> {
    return this.stopConsuming();
  }
}
