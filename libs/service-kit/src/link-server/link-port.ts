import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { LinkServer } from './link-server';

/**
 * A vehicle-facing port of a Nest service on the link server: it listens once the application has
 * started (every provider it needs is ready) and closes its links when the module goes down. The
 * subclass builds `linkServer` in its constructor and speaks the protocol.
 */
export abstract class LinkPort<Raw, Frame, Session> implements OnApplicationBootstrap, OnModuleDestroy {
  abstract readonly linkServer: LinkServer<Raw, Frame, Session>;

  /** The bound TCP port (the configured one, or the one picked when it is 0). */
  port(): number {
    return this.linkServer.port();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.linkServer.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.linkServer.close();
  }
}
