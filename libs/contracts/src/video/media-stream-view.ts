/** What the console plays: a live stream or a playback. */
export interface MediaStreamView {
  /** `<sim>-<channel>` for live, `<sim>-<channel>-pb<n>` for a playback. */
  streamKey: string;
  vehicleId: string;
  plateCode: string;
  channel: number;
  kind: 'live' | 'playback';
  /** WebSocket path (same origin) carrying fMP4 for Media Source Extensions, with its signed token. */
  wsUrl: string;
  /** HLS (fMP4) playlist path with its signed token, for devices without MSE. */
  hlsUrl: string;
  /** When the signed token stops being accepted (ms). */
  expiresAt: number;
}
