// Talk-back (0x9101 data type 2) and broadcast (data type 4) from the console's microphone.

/** Most vehicles one broadcast speaks to (the spec's video query limit). */
export const TALK_BROADCAST_MAX_VEHICLES = 20;
/** The talk uplink's PCM: 16-bit little-endian, mono, at this rate. */
export const TALK_PCM_SAMPLE_RATE = 8000;

/** POST /video/talk/open: two-way talk with one vehicle channel. */
export interface OpenTalkRequest {
  vehicleId: string;
  channel: number;
}

/** POST /video/talk/broadcast: one-way speech to a set of vehicles (their channel `channel`, default 1). */
export interface OpenBroadcastRequest {
  vehicleIds: string[];
  channel?: number;
}

/** POST /video/talk/close */
export interface CloseTalkRequest {
  talkId: string;
}

/** One vehicle channel a talk session speaks to; `errorCode` when it could not be opened (broadcast goes on without it). */
export interface TalkLegView {
  vehicleId: string;
  plateCode: string;
  channel: number;
  errorCode?: number;
}

/** A talk session: its signed WebSocket (same origin) and the vehicles it reaches. */
export interface TalkSessionView {
  talkId: string;
  kind: 'talk' | 'broadcast';
  /** `/video/talk/ws/<talkId>?token=…`: send binary PCM (TALK_PCM_SAMPLE_RATE, s16le mono); receive the terminal's audio the same way (talk only) and TalkSocketMessage text frames. */
  wsUrl: string;
  expiresAt: number;
  legs: TalkLegView[];
}

/** Text frames of the talk WebSocket. */
export type TalkSocketMessage =
  /** A terminal's media link for the session arrived: what it is spoken to in (JT/T 1078 payload type, 6 G.711A, 7 G.711U, 8 G.726). */
  | { type: 'linked'; vehicleId: string; channel: number; payloadType: number }
  | { type: 'unlinked'; vehicleId: string; channel: number }
  | { type: 'closed'; reason: 'closed' | 'terminal' | 'idle' | 'replaced' };
