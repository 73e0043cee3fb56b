import type { MediaSocketMessage } from '@openfleet/contracts';
import { DataType, h265Timeline, PayloadType, type Jt1078Frame } from '@openfleet/jt1078';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaStream, StreamOwner } from '../../media/media-stream';
import type { MediaViewer } from '../../media/media-viewer';

// The simulator's H.265 + AAC sample (scripts/simulator/media), cut as the simulator sends it.
const MEDIA = join(__dirname, '../../../../../scripts/simulator/media');

export const T0 = 1_700_000_000_000;
export const H265_TIMELINE = h265Timeline({ video: readFileSync(join(MEDIA, 'sample.h265')), audio: readFileSync(join(MEDIA, 'sample.aac')) });

/** The sample's frames as the media link hands them on: H.265 (99) and AAC (19), at T0 + their media time. */
export const H265_FRAMES: Jt1078Frame[] = H265_TIMELINE.entries.map((entry) => ({
  channel: 1,
  dataType: entry.kind === 'audio' ? DataType.AUDIO : entry.keyframe ? DataType.I_FRAME : DataType.P_FRAME,
  payloadType: entry.kind === 'audio' ? PayloadType.AAC : PayloadType.H265,
  timestamp: T0 + entry.atMs,
  data: entry.data,
}));

export const OWNER: StreamOwner = { vehicleId: 'v1', plateCode: 'A1', companyId: '1', terminalPhone: '013800000001', channel: 1, kind: 'live', streamType: 0, dataType: 0, openedBy: 'u1' };

export class FakeViewer implements MediaViewer {
  readonly texts: MediaSocketMessage[] = [];
  readonly binaries: Buffer[] = [];
  closed = false;
  constructor(readonly id: string, readonly userId = 'u1') {}
  sendText(message: MediaSocketMessage): void {
    if (!this.closed) this.texts.push(message);
  }
  sendBinary(data: Buffer): void {
    if (!this.closed) this.binaries.push(data);
  }
  backlog(): number {
    return 0;
  }
  close(): void {
    this.closed = true;
  }
}

/** Feeds the sample to a stream in real time order, `speed` times faster than the terminal would. */
export async function play(stream: MediaStream, frames: readonly Jt1078Frame[], speed = 4): Promise<void> {
  const start = Date.now();
  for (const frame of frames) {
    const due = start + (frame.timestamp - frames[0].timestamp) / speed;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    stream.accept([frame], Date.now());
  }
}

export const until = async (what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
