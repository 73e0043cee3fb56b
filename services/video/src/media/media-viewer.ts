import type { MediaSocketMessage } from '@openfleet/contracts';

/** A browser watching a stream (a WebSocket); the stream does not know the transport. */
export interface MediaViewer {
  readonly id: string;
  readonly userId: string;
  sendText(message: MediaSocketMessage): void;
  sendBinary(data: Buffer): void;
  /** Bytes queued for this viewer and not yet written to the network. */
  backlog(): number;
  close(): void;
}

/** A viewer this far behind stops getting fragments until it has caught up and the next keyframe comes. */
export const VIEWER_BACKLOG_SKIP = 2 * 1024 * 1024;
export const VIEWER_BACKLOG_RESUME = 512 * 1024;
