import { audioSampleEntry, box, initSegment, mediaFragment, visualSampleEntry, type Fmp4Track } from './fmp4';
import { find, inspect } from './testing/mp4-boxes';


const hex = (text: string) => text.replace(/\s|\|/g, '');

describe('mediaFragment', () => {
  it('writes moof+mdat byte for byte as ISO/IEC 14496-12 lays them out (video keyframe)', () => {
    const fragment = mediaFragment({ id: 1, kind: 'video' }, [{ units: [Buffer.from([0x65, 0xaa])], duration: 3600, keyframe: true }], 7, 14400);
    expect(fragment.toString('hex')).toBe(
      hex(`00000064 6d6f6f66
           00000010 6d666864 00000000 00000007
           0000004c 74726166
           00000010 74666864 00020000 00000001
           00000014 74666474 01000000 00000000 00003840
           00000020 7472756e 00000701 00000001 0000006c | 00000e10 00000006 02000000
           0000000e 6d646174 00000002 65aa`),
    );
  });

  it('flags non-sync samples 0x01010000 and does not length-prefix audio', () => {
    const video = mediaFragment({ id: 1, kind: 'video' }, [{ units: [Buffer.from([0x41])], duration: 1, keyframe: false }], 1, 0);
    expect(video.readUInt32BE(video.length - 13 - 4)).toBe(0x01010000);
    const audio = mediaFragment({ id: 2, kind: 'audio' }, [1, 2].map((byte) => ({ units: [Buffer.from([byte, byte])], duration: 960, keyframe: true })), 2, 960);
    expect(audio.subarray(-4).toString('hex')).toBe('01010202');
    const trun = find(find(inspect(audio), 'moof').boxes!, 'traf', 'trun') as unknown as { samples: { duration: number; size: number }[]; dataOffset: number };
    expect(trun.samples.map((sample) => [sample.duration, sample.size])).toEqual([[960, 2], [960, 2]]);
    expect(trun.dataOffset).toBe(find(inspect(audio), 'moof').size + 8);
  });

  it('writes a 64-bit decode time past 2^32 ticks', () => {
    const fragment = mediaFragment({ id: 1, kind: 'video' }, [{ units: [Buffer.from([0x41])], duration: 3600, keyframe: false }], 1, 2 ** 33 + 5);
    expect((find(inspect(fragment), 'moof', 'traf', 'tfdt') as unknown as { baseMediaDecodeTime: number }).baseMediaDecodeTime).toBe(2 ** 33 + 5);
  });
});

describe('initSegment', () => {
  const tracks: Fmp4Track[] = [
    { id: 1, kind: 'video', timescale: 90000, sampleEntry: visualSampleEntry('avc1', 480, 270, box('avcC', Buffer.from('0142c01eff', 'hex'))), width: 480, height: 270 },
    { id: 2, kind: 'audio', timescale: 48000, sampleEntry: audioSampleEntry('Opus', 1, 48000, box('dOps', Buffer.alloc(11))) },
  ];
  const segment = inspect(initSegment(tracks));

  it('is ftyp and moov with mvhd, a trak per track and a trex per track', () => {
    expect(segment.map((top) => top.type)).toEqual(['ftyp', 'moov']);
    expect(find(segment, 'ftyp')).toMatchObject({ majorBrand: 'iso5', compatibleBrands: ['iso5', 'iso6', 'mp41'] });
    const moov = find(segment, 'moov').boxes!;
    expect(moov.map((child) => child.type)).toEqual(['mvhd', 'trak', 'trak', 'mvex']);
    expect(find(moov, 'mvhd')).toMatchObject({ timescale: 1000, nextTrackId: 3 });
    expect(find(moov, 'mvex').boxes!.map((trex) => trex.trackId)).toEqual([1, 2]);
  });

  it('describes each track: tkhd size, mdhd timescale, handler, media header and empty sample tables', () => {
    const [video, audio] = find(segment, 'moov').boxes!.filter((child) => child.type === 'trak');
    expect(find(video.boxes!, 'tkhd')).toMatchObject({ trackId: 1, width: 480, height: 270, volume: 0 });
    expect(find(audio.boxes!, 'tkhd')).toMatchObject({ trackId: 2, volume: 1 });
    expect(find(video.boxes!, 'mdia', 'mdhd')).toMatchObject({ timescale: 90000, language: 'und' });
    expect(find(audio.boxes!, 'mdia', 'mdhd')).toMatchObject({ timescale: 48000 });
    expect(find(video.boxes!, 'mdia', 'hdlr')).toMatchObject({ handlerType: 'vide' });
    expect(find(audio.boxes!, 'mdia', 'hdlr')).toMatchObject({ handlerType: 'soun' });
    find(video.boxes!, 'mdia', 'minf', 'vmhd');
    find(audio.boxes!, 'mdia', 'minf', 'smhd');
    const stbl = find(video.boxes!, 'mdia', 'minf', 'stbl').boxes!;
    expect(stbl.map((child) => child.type)).toEqual(['stsd', 'stts', 'stsc', 'stsz', 'stco']);
    expect(find(stbl, 'stsd')).toMatchObject({ sampleDescriptions: [{ type: 'avc1', width: 480, height: 270, depth: 24 }] });
    expect(find(stbl, 'stts')).toMatchObject({ timeToSamples: [] });
    expect(find(stbl, 'stsz')).toMatchObject({ sampleSize: 0, entries: [] });
  });
});
