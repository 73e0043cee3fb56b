/** What the frame-archive service (/frameArchive) answers the console: types and browser-safe constants only. */

/** The protocols whose frames the gateways capture (gateway.raw-frames.v1). */
export const FRAME_PROTOCOLS = ['jt808', 'gb32960', 'hj1239', 'jt809'] as const;
export type FrameProtocol = (typeof FRAME_PROTOCOLS)[number];

/** One stored frame with its decoding, as the original-message query lists it. */
export interface ArchivedFrame {
  /** `<terminalKey>:<at>:<seq>`: unique, stable across reads (React keys, links). */
  id: string;
  /** Terminal phone (12 digits, JT/T 808), VIN (GB/T 32960, HJ 1239) or `809:<platform id>` (a JT/T 809 link). */
  terminalKey: string;
  /** When the gateway saw the frame, epoch ms. */
  at: number;
  direction: 'up' | 'down';
  protocol: FrameProtocol;
  /** Message id (808, 809) or command (32960, HJ 1239); null when the frame is too short to carry one. */
  msgId: number | null;
  /** The message's name from the protocol library ('' when unknown). */
  msgName: string;
  /** Bytes as received or sent (escaped, flags included). */
  length: number;
  gatewayId: string;
  /** Why the frame is bad: the gateway's rejection code, else the decoder's error on read; null for a good frame. */
  error: string | null;
  /** The decoder's explanation of `error` when it came from decoding on read. */
  errorDetail: string | null;
  hex: string;
  /** The decoded message (library JSON); null when it could not be decoded. */
  decoded: unknown;
}

/** Filters of the frame list; `terminal` is a terminal phone or a VIN (required). */
export interface FrameQuery {
  terminal: string;
  startTime: string;
  endTime: string;
  direction?: 'up' | 'down';
  /** "0x0200", "0200" or decimal. */
  msgId?: string;
  status?: 'ok' | 'bad';
  current?: number;
  size?: number;
}

/** Longest window of one frame query, days. */
export const FRAME_QUERY_MAX_DAYS = 3;
