import type { MediaStreamView } from './media-stream-view';

/** POST /video/embed/tokens: a signed, expiring token that lets a third-party page play one vehicle live (/videoJsH5?token=). */
export interface EmbedTokenRequest {
  vehicleId: string;
  /** Channels the page may open; omitted or empty: all of the vehicle's. */
  channels?: number[];
  /** Life in seconds (60 to 30 days; default one day). */
  ttlS?: number;
}

export interface EmbedTokenView {
  token: string;
  vehicleId: string;
  channels: number[];
  expiresAt: number;
  /** Same-origin path of the embeddable player page with the token. */
  pageUrl: string;
}

/** GET /video/embed/channels?token=&vehicleId=: what the embed page shows before it opens a channel. */
export interface EmbedChannelsView {
  vehicleId: string;
  plateCode: string;
  online: boolean;
  channels: number[];
  expiresAt: number;
}

/** POST /video/embed/live/open (public; the token is the credential): the signed media paths of the channel. */
export interface EmbedOpenRequest {
  token: string;
  vehicleId: string;
  channel: number;
  /** 0 main, 1 sub (default). */
  streamType?: number;
}

export type EmbedOpenView = MediaStreamView;
