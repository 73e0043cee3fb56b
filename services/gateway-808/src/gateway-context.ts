import type { Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type TerminalSessionEvent } from '@openfleet/contracts';
import type { BusGate } from './bus-gate';
import type { Gateway808Config } from './gateway-808-config';
import type { GatewayMetrics } from './gateway-metrics';
import type { RawFrameCapture } from './raw-frame-capture';
import type { SessionDirectory } from './session-directory';
import type { TerminalConnection } from './terminal-connection';
import type { TerminalRegistry } from './terminal-registry';

/** What the gateway's parts share: one instance per gateway. */
export interface GatewayContext {
  readonly gatewayId: string;
  readonly config: Gateway808Config;
  readonly bus: EventBus;
  readonly logger: Logger;
  readonly metrics: GatewayMetrics;
  readonly raw: RawFrameCapture;
  readonly gate: BusGate;
  readonly registry: TerminalRegistry;
  /** Authenticated sessions by terminal phone. */
  readonly sessions: Map<string, TerminalConnection>;
  /** Which instance holds which terminal (every instance's claims, this one's published through it). */
  readonly directory: SessionDirectory;
  /** A refused registration or authentication, logged at most a few times a minute per source address. */
  warnRefusal(connection: TerminalConnection, line: string): void;
  /** Ends a connection (flushes what was written first); `reason` goes into the offline event. */
  close(connection: TerminalConnection, reason: string): void;
}

/** Publishes a session event; failures are logged, never thrown (sessions end whatever the bus does). */
export async function publishSessionEvent(ctx: GatewayContext, event: TerminalSessionEvent): Promise<void> {
  try {
    // Keyed like the positions (canonical phone), so both reach the same tracking member.
    await ctx.bus.publish(Topics.terminalSession, { key: canonicalTerminalPhone(event.terminalPhone), value: event });
  } catch (error) {
    ctx.logger.warn(`session event ${event.state} for ${event.terminalPhone} not published: ${(error as Error).message}`);
  }
}
