import type { MediaSocketMessage } from '@openfleet/contracts';
import { DataType, h264AccessUnits, PayloadType, type Jt1078Frame } from '@openfleet/jt1078';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaStream, type StreamOwner } from './media-stream';
import type { MediaViewer } from './media-viewer';

// The origin message carries the terminal's timestamp at media time 0, so that the browser can map a
// presented frame (mediaTime) back to when the camera captured it (issue 32, displayed latency).
const units = h264AccessUnits(readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.h264')));
const CAPTURE_T0 = 1_700_000_000_000;
// Arrival runs on the server's clock, later than capture: the origin for the browser must not use it.
const ARRIVAL_T0 = CAPTURE_T0 + 137;
const frame = (i: number): Jt1078Frame => ({ channel: 1, dataType: units[i].keyframe ? DataType.I_FRAME : DataType.P_FRAME, payloadType: PayloadType.H264, timestamp: CAPTURE_T0 + i * 40, data: units[i].data });
const owner: StreamOwner = { vehicleId: 'v1', plateCode: 'A1', companyId: '1', terminalPhone: '013800000001', channel: 1, kind: 'live', streamType: 1, dataType: 0, openedBy: 'u1' };

function viewer(id: string): MediaViewer & { texts: MediaSocketMessage[] } {
  const texts: MediaSocketMessage[] = [];
  return { id, userId: 'u1', texts, sendText: (message) => texts.push(message), sendBinary: () => undefined, backlog: () => 0, close: () => undefined };
}

describe('the origin message', () => {
  it("gives the terminal's timestamp at media time 0 beside the server's clock, to early and late viewers alike", () => {
    const stream = new MediaStream('013800000001-1', owner, ARRIVAL_T0);
    const early = viewer('early');
    stream.addViewer(early);
    for (let i = 0; i < 30; i++) stream.accept([frame(i)], ARRIVAL_T0 + i * 40);
    const late = viewer('late');
    stream.addViewer(late);
    for (const texts of [early.texts, late.texts]) {
      expect(texts.find((text) => text.type === 'origin')).toEqual({ type: 'origin', originMs: expect.any(Number), captureOriginMs: CAPTURE_T0 });
    }
  });
});
