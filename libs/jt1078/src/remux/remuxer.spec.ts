import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataType, PayloadType } from '../packet';
import type { Jt1078Frame } from '../stream';
import { H264Nal, H265Nal, h264NalType, h265NalType, splitAnnexB } from './annexb';
import { Jt1078Remuxer, type RemuxEvent } from './remuxer';
import { find, inspect, probeTracks, type Box } from './testing/mp4-boxes';


const MEDIA = join(__dirname, '../../../../scripts/simulator/media');
const h264 = readFileSync(join(MEDIA, 'sample.h264'));
const g711a = readFileSync(join(MEDIA, 'sample.g711a'));
const START = Buffer.from([0, 0, 0, 1]);
const T0 = 1_700_000_000_000;

interface Trun {
  dataOffset: number;
  samples: { duration: number; size: number; flags: { dependsOn: number; isNonSyncSample: number } }[];
}
const fragmentOf = (data: Buffer) => {
  const boxes = inspect(data);
  const traf = find(boxes, 'moof', 'traf').boxes!;
  return {
    trackId: find(traf, 'tfhd').trackId as number,
    decodeTime: find(traf, 'tfdt').baseMediaDecodeTime as number,
    trun: find(traf, 'trun') as unknown as Trun,
    moofSize: find(boxes, 'moof').size,
    mdat: data.subarray(find(boxes, 'moof').size + 8),
  };
};

/** Access units of an Annex-B stream: a new one at a parameter set or first slice after a slice. */
function accessUnits(stream: Buffer, hevc = false): Buffer[][] {
  const units: Buffer[][] = [];
  let current: Buffer[] = [];
  for (const nal of splitAnnexB(stream)) {
    const type = hevc ? h265NalType(nal) : h264NalType(nal);
    const slice = hevc ? type < 32 : type === 1 || type === H264Nal.IDR;
    const firstSlice = slice && (hevc ? nal[2] & 0x80 : nal[1] & 0x80);
    const hasSlice = current.some((unit) => (hevc ? h265NalType(unit) < 32 : [1, H264Nal.IDR].includes(h264NalType(unit))));
    if (hasSlice && (firstSlice || !slice)) {
      units.push(current);
      current = [];
    }
    current.push(nal);
  }
  if (current.length) units.push(current);
  return units;
}
const annexB = (units: Buffer[]) => Buffer.concat(units.flatMap((unit) => [START, unit]));
const isKey = (units: Buffer[], hevc = false) =>
  units.some((unit) => (hevc ? h265NalType(unit) >= H265Nal.IRAP_FIRST && h265NalType(unit) <= H265Nal.IRAP_LAST : h264NalType(unit) === H264Nal.IDR));

const sampleUnits = accessUnits(h264);
const videoFrame = (i: number, timestamp = T0 + i * 40, units = sampleUnits[i]): Jt1078Frame => ({
  channel: 1,
  dataType: isKey(units) ? DataType.I_FRAME : DataType.P_FRAME,
  payloadType: PayloadType.H264,
  timestamp,
  data: annexB(units),
});
const audioFrame = (i: number, timestamp = T0 + i * 40): Jt1078Frame => ({ channel: 1, dataType: DataType.AUDIO, payloadType: PayloadType.G711A, timestamp, data: g711a.subarray(i * 320, i * 320 + 320) });
const inits = (events: RemuxEvent[]) => events.filter((event) => event.type === 'init');
const fragments = (events: RemuxEvent[], track: 'video' | 'audio') => events.filter((event): event is Extract<RemuxEvent, { type: 'fragment' }> => event.type === 'fragment' && event.track === track);

describe('Jt1078Remuxer, the 8 s sample with G.711A audio', () => {
  const remuxer = new Jt1078Remuxer();
  const events: RemuxEvent[] = [];
  for (let i = 0; i < sampleUnits.length; i++) events.push(...remuxer.push(videoFrame(i)), ...remuxer.push(audioFrame(i)));
  remuxer.close();
  const init = events[0] as Extract<RemuxEvent, { type: 'init' }>;

  it('starts with one init segment declaring H.264 480x270 and Opus', () => {
    expect(sampleUnits).toHaveLength(200);
    expect(inits(events)).toHaveLength(1);
    expect(init).toMatchObject({ type: 'init', mime: 'video/mp4; codecs="avc1.42C01E, opus"', videoCodec: 'avc1.42C01E', audioCodec: 'opus', width: 480, height: 270 });
    expect(probeTracks(init.data)).toEqual([
      { id: 1, type: 'video', codec: 'avc1.42c01e', timescale: 90000 },
      { id: 2, type: 'audio', codec: 'opus', timescale: 48000 },
    ]);
  });

  it('carries the input SPS and PPS in avcC and the size in avc1', () => {
    const traks = find(inspect(init.data), 'moov').boxes!.filter((box) => box.type === 'trak');
    const avc1 = (find(traks[0].boxes!, 'mdia', 'minf', 'stbl', 'stsd').sampleDescriptions as Box[])[0];
    expect(avc1).toMatchObject({ type: 'avc1', width: 480, height: 270 });
    const avcC = (avc1.config as Box[])[0] as unknown as { sps: Uint8Array[]; pps: Uint8Array[]; lengthSizeMinusOne: number };
    expect(avcC.lengthSizeMinusOne).toBe(3);
    expect(avcC.sps.map((sps) => Buffer.from(sps))).toEqual([sampleUnits[0][0]]);
    expect(avcC.pps.map((pps) => Buffer.from(pps))).toEqual([sampleUnits[0][1]]);
    expect((find(traks[1].boxes!, 'mdia', 'minf', 'stbl', 'stsd').sampleDescriptions as Box[])[0].type).toBe('Opus');
  });

  it('gives one video fragment per frame, 40 ms (3600 ticks) apart from 0', () => {
    const video = fragments(events, 'video');
    expect(video).toHaveLength(200);
    expect(remuxer.stats).toMatchObject({ videoFrames: 200, audioFrames: 200, droppedBeforeKeyframe: 0, audioDropped: 0 });
    video.forEach((event, i) => {
      const fragment = fragmentOf(event.data);
      expect([fragment.trackId, fragment.decodeTime, event.decodeTimeMs]).toEqual([1, i * 3600, i * 40]);
      expect(fragment.trun.samples.map((sample) => sample.duration)).toEqual([3600]);
    });
  });

  it('sizes each sample as its NAL units (no SPS, PPS or AUD) with 4-byte lengths, and puts them in mdat', () => {
    fragments(events, 'video').forEach((event, i) => {
      const nals = sampleUnits[i].filter((unit) => ![H264Nal.SPS, H264Nal.PPS, H264Nal.AUD].includes(h264NalType(unit) as 7));
      const fragment = fragmentOf(event.data);
      expect(fragment.trun.samples[0].size).toBe(nals.reduce((sum, unit) => sum + 4 + unit.length, 0));
      expect(fragment.trun.dataOffset).toBe(fragment.moofSize + 8);
      const lengthPrefixed = Buffer.concat(nals.flatMap((unit) => [Buffer.from([0, 0, unit.length >> 8, unit.length & 0xff]), unit]));
      expect(fragment.mdat.equals(lengthPrefixed)).toBe(true);
    });
  });

  it('flags the IDR frames sync and the others non-sync', () => {
    const video = fragments(events, 'video');
    const keyframes = video.flatMap((event, i) => (event.keyframe ? [i] : []));
    expect(keyframes).toEqual([0, 25, 50, 75, 100, 125, 150, 175]);
    video.forEach((event) => {
      const { flags } = fragmentOf(event.data).trun.samples[0];
      expect([flags.dependsOn, flags.isNonSyncSample]).toEqual(event.keyframe ? [2, 0] : [1, 1]);
    });
  });

  it('gives one audio fragment per 40 ms G.711 frame: two 960-tick Opus samples, decode times counted from 0', () => {
    const audio = fragments(events, 'audio');
    expect(audio).toHaveLength(200);
    audio.forEach((event, i) => {
      const fragment = fragmentOf(event.data);
      expect([fragment.trackId, fragment.decodeTime]).toEqual([2, i * 1920]);
      expect(fragment.trun.samples.map((sample) => sample.duration)).toEqual([960, 960]);
      expect(fragment.trun.samples.reduce((sum, sample) => sum + sample.size, 0)).toBe(fragment.mdat.length);
    });
  });

  it('counts every byte it hands out', () => {
    expect(remuxer.stats.bytesOut).toBe(events.reduce((sum, event) => sum + (event.type === 'unsupported' ? 0 : event.data.length), 0));
  });
});

describe('Jt1078Remuxer when the terminal stops sending audio (fast-forward playback)', () => {
  it('fills the audio track with silence up to the video once it is 500 ms behind, so MSE does not stall', () => {
    const remuxer = new Jt1078Remuxer();
    const events: RemuxEvent[] = [];
    for (let i = 0; i < 50; i++) events.push(...remuxer.push(videoFrame(i)), ...remuxer.push(audioFrame(i)));
    const before = fragments(events, 'audio').length;
    for (let i = 50; i < 75; i++) events.push(...remuxer.push(videoFrame(i)));
    remuxer.close();
    const audio = fragments(events, 'audio');
    expect(audio.length).toBeGreaterThan(before);
    // Continuous: each silent fragment starts where the track ended, and the track reaches within 500 ms of the video.
    let end = 0;
    for (const event of audio) {
      const fragment = fragmentOf(event.data);
      expect(fragment.decodeTime).toBe(end);
      end += fragment.trun.samples.reduce((sum, sample) => sum + sample.duration, 0);
    }
    const videoEndMs = fragments(events, 'video').at(-1)!.decodeTimeMs;
    expect(videoEndMs - end / 48).toBeLessThan(500);
    expect(videoEndMs - end / 48).toBeGreaterThanOrEqual(0);
    expect(remuxer.stats.silentAudioFrames).toBeGreaterThan(0);
  });

  it('adds no silence while audio keeps pace', () => {
    const remuxer = new Jt1078Remuxer();
    for (let i = 0; i < 100; i++) {
      remuxer.push(videoFrame(i));
      remuxer.push(audioFrame(i));
    }
    remuxer.close();
    expect(remuxer.stats.silentAudioFrames).toBe(0);
  });
});

describe('Jt1078Remuxer start-up', () => {
  it('drops video until a keyframe with its SPS and PPS', () => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    const events = sampleUnits.slice(5, 30).flatMap((_, k) => remuxer.push(videoFrame(5 + k)));
    expect(remuxer.stats.droppedBeforeKeyframe).toBe(20);
    const video = fragments(events, 'video');
    expect(video[0]).toMatchObject({ keyframe: true, decodeTimeMs: 0 });
    expect(video).toHaveLength(5);
  });

  it('holds the first keyframe up to audioWaitMs of frame time for audio, then goes video-only and drops later audio', () => {
    const remuxer = new Jt1078Remuxer();
    const held = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => remuxer.push(videoFrame(i)));
    expect(held).toEqual([]);
    const events = remuxer.push(videoFrame(8));
    expect(inits(events)).toMatchObject([{ mime: 'video/mp4; codecs="avc1.42C01E"', audioCodec: '' }]);
    expect(probeTracks(inits(events)[0].data)).toHaveLength(1);
    expect(fragments(events, 'video').map((event) => event.decodeTimeMs)).toEqual([0, 40, 80, 120, 160, 200, 240, 280, 320]);
    expect(remuxer.push(audioFrame(9))).toEqual([]);
    expect(remuxer.stats.audioDropped).toBe(1);
  });

  it('declares audio that comes while the keyframe is held, and sends the held video first', () => {
    const remuxer = new Jt1078Remuxer();
    const events = [...remuxer.push(videoFrame(0)), ...remuxer.push(videoFrame(1)), ...remuxer.push(audioFrame(1))];
    expect(events.map((event) => (event.type === 'fragment' ? event.track : event.type))).toEqual(['init', 'video', 'video', 'audio']);
    expect(inits(events)[0]).toMatchObject({ audioCodec: 'opus' });
    expect(fragments(events, 'audio')[0].decodeTimeMs).toBe(40);
    remuxer.close();
  });

  it('keeps audio that comes before video and starts both tracks at the first keyframe', () => {
    const remuxer = new Jt1078Remuxer();
    const early = [...remuxer.push(audioFrame(0)), ...remuxer.push(audioFrame(1))];
    expect(early).toEqual([]);
    const events = [...remuxer.push(audioFrame(2)), ...remuxer.push(videoFrame(2, T0 + 80, sampleUnits[0]))];
    expect(inits(events)).toMatchObject([{ audioCodec: 'opus', videoCodec: 'avc1.42C01E' }]);
    // Audio before the keyframe is dropped; the one at the keyframe's time starts the audio track at 0.
    expect(fragments(events, 'audio').map((event) => event.decodeTimeMs)).toEqual([0]);
    expect(remuxer.stats.audioDropped).toBe(2);
    remuxer.close();
  });

  it('plays audio-only streams (listen) once audioWaitMs of audio has passed without video', () => {
    const remuxer = new Jt1078Remuxer();
    const events = Array.from({ length: 9 }, (_, i) => remuxer.push(audioFrame(i)));
    expect(events.slice(0, 8).flat()).toEqual([]);
    expect(inits(events[8])).toMatchObject([{ mime: 'audio/mp4; codecs="opus"', videoCodec: '', width: 0, height: 0 }]);
    expect(fragments(events[8], 'audio').map((event) => event.decodeTimeMs)).toEqual([0, 40, 80, 120, 160, 200, 240, 280, 320]);
    expect(fragmentOf(fragments(events[8], 'audio')[0].data).trackId).toBe(2);
    remuxer.close();
  });
});

describe('Jt1078Remuxer late video', () => {
  it('declares both tracks in a new init when video comes after an audio-only start', () => {
    const remuxer = new Jt1078Remuxer();
    const audioOnly = Array.from({ length: 9 }, (_, i) => remuxer.push(audioFrame(i))).flat();
    expect(inits(audioOnly)).toMatchObject([{ videoCodec: '', audioCodec: 'opus' }]);
    const events = [...remuxer.push(videoFrame(5, T0 + 360)), ...remuxer.push(videoFrame(0, T0 + 400))];
    expect(remuxer.stats.droppedBeforeKeyframe).toBe(1);
    expect(inits(events)).toMatchObject([{ videoCodec: 'avc1.42C01E', audioCodec: 'opus' }]);
    expect(probeTracks(inits(events)[0].data)).toHaveLength(2);
    expect(fragments(events, 'video')).toMatchObject([{ keyframe: true, decodeTimeMs: 400 }]);
    remuxer.close();
  });
});

describe('Jt1078Remuxer timing', () => {
  const decodeTimes = (timestamps: number[]) => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    return timestamps.flatMap((timestamp, i) => fragments(remuxer.push(videoFrame(i, timestamp)), 'video')).map((event) => event.decodeTimeMs);
  };

  it('follows the terminal clock, relative to the first frame', () => {
    expect(decodeTimes([T0, T0 + 33, T0 + 80, T0 + 200])).toEqual([0, 33, 80, 200]);
  });

  it('moves on by the last interval when timestamps stand still or go backwards, never below the last', () => {
    expect(decodeTimes([T0, T0 + 40, T0 + 40, T0 + 20, T0 + 200])).toEqual([0, 40, 80, 120, 200]);
  });

  it('carries on across a terminal clock reset instead of leaving a gap', () => {
    expect(decodeTimes([T0, T0 + 40, T0 + 3_600_000, T0 + 3_600_040, 5, 45])).toEqual([0, 40, 80, 120, 160, 200]);
  });

  it('gives each video sample the last frame interval as its duration', () => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    const events = [0, 50, 100].flatMap((offset, i) => fragments(remuxer.push(videoFrame(i, T0 + offset)), 'video'));
    expect(events.map((event) => fragmentOf(event.data).trun.samples[0].duration)).toEqual([3600, 4500, 4500]);
  });
});

describe('Jt1078Remuxer stream changes and codecs', () => {
  it('emits a new init when the SPS changes (a new resolution), keeping the timeline and the tracks', () => {
    const small = accessUnits(readFileSync(join(__dirname, 'fixtures/sample-320x240.h264')));
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    const events = [0, 1].flatMap((i) => remuxer.push(videoFrame(i)));
    const changed = [...remuxer.push(videoFrame(2, T0 + 80, small[0])), ...remuxer.push(videoFrame(3, T0 + 120, small[1]))];
    expect(inits(events)).toHaveLength(1);
    expect(changed.map((event) => event.type)).toEqual(['init', 'fragment', 'fragment']);
    expect(inits(changed)[0]).toMatchObject({ width: 320, height: 240, videoCodec: 'avc1.42C00D' });
    expect(fragments(changed, 'video').map((event) => [event.keyframe, event.decodeTimeMs])).toEqual([[true, 80], [false, 120]]);
  });

  it('remuxes H.265 as hvc1 with its hvcC', () => {
    const units = accessUnits(readFileSync(join(__dirname, 'fixtures/sample.h265')), true);
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    const events = units.flatMap((frame, i) =>
      remuxer.push({ channel: 1, dataType: isKey(frame, true) ? DataType.I_FRAME : DataType.P_FRAME, payloadType: PayloadType.H265, timestamp: T0 + i * 40, data: annexB(frame) }),
    );
    expect(inits(events)).toMatchObject([{ mime: 'video/mp4; codecs="hvc1.1.6.L60.90"', width: 320, height: 240 }]);
    const stsd = find(find(inspect(inits(events)[0].data), 'moov').boxes!, 'trak', 'mdia', 'minf', 'stbl', 'stsd');
    const hvc1 = Buffer.from((stsd.sampleDescriptions as Box[])[0].data as Uint8Array);
    expect(hvc1.subarray(78 + 4, 78 + 8).toString('latin1')).toBe('hvcC');
    expect(fragments(events, 'video')).toHaveLength(25);
    expect(fragments(events, 'video')[0].keyframe).toBe(true);
  });

  it('reports H.265 unsupported when told to, and sends nothing else', () => {
    const remuxer = new Jt1078Remuxer({ h265: false });
    const frame = { channel: 1, dataType: DataType.I_FRAME, payloadType: PayloadType.H265, timestamp: T0, data: Buffer.alloc(8) };
    expect([...remuxer.push(frame), ...remuxer.push(frame), ...remuxer.push(audioFrame(0))]).toEqual([{ type: 'unsupported', reason: 'h265', codec: 'H.265' }]);
  });

  it.each([
    [PayloadType.AVS, 'avs', 'AVS'],
    [PayloadType.SVAC, 'svac', 'SVAC'],
  ])('reports payload type %i (%s) unsupported once and nothing else', (payloadType, reason, codec) => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    const events = [
      ...remuxer.push({ channel: 1, dataType: DataType.I_FRAME, payloadType, timestamp: T0, data: Buffer.alloc(8) }),
      ...remuxer.push(videoFrame(0)),
      ...remuxer.push(audioFrame(0)),
    ];
    expect(events).toEqual([{ type: 'unsupported', reason, codec }]);
    expect(remuxer.stats.unsupported).toBe(1);
  });

  it('remuxes G.726 audio as Opus', () => {
    const g726 = readFileSync(join(__dirname, 'fixtures/sine440-32k.g726'));
    const remuxer = new Jt1078Remuxer();
    const events = [0, 1, 2].flatMap((i) => [
      ...remuxer.push(videoFrame(i)),
      ...remuxer.push({ ...audioFrame(i), payloadType: PayloadType.G726, data: g726.subarray(i * 160, i * 160 + 160) }),
    ]);
    expect(inits(events)).toMatchObject([{ audioCodec: 'opus' }]);
    expect(fragments(events, 'audio').map((event) => fragmentOf(event.data).trun.samples.length)).toEqual([2, 2, 2]);
    remuxer.close();
  });

  it('reports G.729 audio unsupported once and goes on with the video', () => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 80 });
    const g729 = (i: number): Jt1078Frame => ({ ...audioFrame(i), payloadType: 5 });
    const events = [0, 1, 2, 3].flatMap((i) => [...remuxer.push(g729(i)), ...remuxer.push(videoFrame(i))]);
    expect(events.filter((event) => event.type === 'unsupported')).toEqual([{ type: 'unsupported', reason: 'codec', codec: 'G.729' }]);
    expect(inits(events)).toMatchObject([{ audioCodec: '' }]);
    expect(fragments(events, 'video').map((event) => event.decodeTimeMs)).toEqual([0, 40, 80, 120]);
  });

  it('ignores transparent data', () => {
    const remuxer = new Jt1078Remuxer({ audioWaitMs: 0 });
    expect(remuxer.push({ channel: 1, dataType: DataType.TRANSPARENT, payloadType: 0, timestamp: 0, data: Buffer.from('hello') })).toEqual([]);
    expect(remuxer.stats).toMatchObject({ videoFrames: 0, audioFrames: 0, droppedBeforeKeyframe: 0, unsupported: 0 });
  });
});
