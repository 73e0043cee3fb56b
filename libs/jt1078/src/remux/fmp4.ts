// Fragmented MP4 (ISO/IEC 14496-12) for Media Source Extensions and HLS: one init segment, then
// one moof+mdat per sample group. Only what a live stream needs: no edit lists, no composition
// offsets (terminals send no B frames in practice), no sample groups.

/** A track of the init segment; the sample entry comes from one of the `*SampleEntry` builders. */
export interface Fmp4Track {
  id: number;
  kind: 'video' | 'audio';
  timescale: number;
  sampleEntry: Buffer;
  width?: number;
  height?: number;
}

/** One sample: its bytes as units; in a video track each unit is a NAL unit and gets a 4-byte length (AVCC/HVCC). */
export interface Fmp4Sample {
  units: Buffer[];
  /** In the track's timescale. */
  duration: number;
  keyframe: boolean;
}

/** Sample flags (14496-12 8.8.3.1): sync = depends on no other sample; non-sync = depends on others, is_non_sync. */
export const SYNC_SAMPLE_FLAGS = 0x02000000;
export const NON_SYNC_SAMPLE_FLAGS = 0x01010000;
/** tfhd default-base-is-moof: data offsets count from the moof (14496-12 8.8.7.1). */
export const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000;
/** trun: data-offset, sample-duration, sample-size and sample-flags present (14496-12 8.8.8.1). */
export const TRUN_FLAGS = 0x000001 | 0x000100 | 0x000200 | 0x000400;

export function box(type: string, ...payload: Buffer[]): Buffer {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...payload], size);
}

export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  return box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 0xff, flags & 0xff]), ...payload);
}

const u32 = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => out.writeUInt32BE(value >>> 0, 4 * i));
  return out;
};
const u16 = (...values: number[]) => {
  const out = Buffer.alloc(2 * values.length);
  values.forEach((value, i) => out.writeUInt16BE(value & 0xffff, 2 * i));
  return out;
};
const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/** VisualSampleEntry (14496-12 12.1.3) of `format` (avc1, hvc1) around its configuration box. */
export function visualSampleEntry(format: 'avc1' | 'hvc1', width: number, height: number, config: Buffer): Buffer {
  const compressorName = Buffer.alloc(32);
  return box(
    format,
    Buffer.alloc(6), u16(1), // reserved, data_reference_index
    Buffer.alloc(16), // pre_defined, reserved, pre_defined[3]
    u16(width, height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    compressorName,
    u16(0x0018, 0xffff), // depth, pre_defined -1
    config,
  );
}

/** AudioSampleEntry (14496-12 12.2.3) of `format` (Opus, mp4a) around its configuration box. */
export function audioSampleEntry(format: 'Opus' | 'mp4a' | 'fLaC', channels: number, sampleRate: number, config: Buffer): Buffer {
  return box(format, Buffer.alloc(6), u16(1), Buffer.alloc(8), u16(channels, 16, 0, 0), u32(sampleRate * 0x10000), config);
}

/** `ftyp` + `moov` declaring `tracks`, with `mvex` so that every sample comes in fragments. */
export function initSegment(tracks: Fmp4Track[]): Buffer {
  const ftyp = box('ftyp', Buffer.from('iso5', 'latin1'), u32(512), Buffer.from('iso5iso6mp41', 'latin1'));
  const mvhd = fullBox('mvhd', 0, 0, u32(0, 0, 1000, 0, 0x00010000), u16(0x0100, 0), Buffer.alloc(8), MATRIX, Buffer.alloc(24), u32(Math.max(...tracks.map((track) => track.id)) + 1));
  const mvex = box('mvex', ...tracks.map((track) => fullBox('trex', 0, 0, u32(track.id, 1, 0, 0, 0))));
  return Buffer.concat([ftyp, box('moov', mvhd, ...tracks.map(trak), mvex)]);
}

function trak(track: Fmp4Track): Buffer {
  const video = track.kind === 'video';
  const tkhd = fullBox(
    'tkhd', 0, 0x000003, // enabled, in movie
    u32(0, 0, track.id, 0, 0), Buffer.alloc(8), u16(0, 0, video ? 0 : 0x0100, 0), MATRIX,
    u32((track.width ?? 0) * 0x10000, (track.height ?? 0) * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, track.timescale, 0), u16(0x55c4, 0)); // language "und"
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from(video ? 'vide' : 'soun', 'latin1'), Buffer.alloc(12), Buffer.from(video ? 'VideoHandler\0' : 'SoundHandler\0', 'latin1'));
  const mediaHeader = video ? fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)) : fullBox('smhd', 0, 0, u16(0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), track.sampleEntry),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0, 0)),
    fullBox('stco', 0, 0, u32(0)),
  );
  return box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', mediaHeader, dinf, stbl)));
}

const MOOF_FIXED = 8 + 16 + 8 + 16 + 20 + 20; // moof, mfhd, traf, tfhd, tfdt (v1), trun head
const TRUN_ENTRY = 12;

/**
 * moof + mdat carrying `samples` of `track` from `baseMediaDecodeTime` (track timescale); video
 * units get 4-byte lengths. Written straight into one buffer: this runs once per frame per stream.
 */
export function mediaFragment(track: Pick<Fmp4Track, 'id' | 'kind'>, samples: Fmp4Sample[], sequence: number, baseMediaDecodeTime: number): Buffer {
  const lengthPrefixed = track.kind === 'video';
  const sizes = samples.map((sample) => sample.units.reduce((sum, unit) => sum + unit.length + (lengthPrefixed ? 4 : 0), 0));
  const moofSize = MOOF_FIXED + TRUN_ENTRY * samples.length;
  const mdatSize = 8 + sizes.reduce((sum, size) => sum + size, 0);
  const out = Buffer.alloc(moofSize + mdatSize);
  let pos = 0;
  const head = (size: number, type: string, versionFlags?: number) => {
    out.writeUInt32BE(size, pos);
    out.write(type, pos + 4, 'latin1');
    pos += 8;
    if (versionFlags !== undefined) {
      out.writeUInt32BE(versionFlags >>> 0, pos);
      pos += 4;
    }
  };
  head(moofSize, 'moof');
  head(16, 'mfhd', 0);
  out.writeUInt32BE(sequence >>> 0, pos);
  pos += 4;
  head(moofSize - 24, 'traf');
  head(16, 'tfhd', TFHD_DEFAULT_BASE_IS_MOOF);
  out.writeUInt32BE(track.id, pos);
  pos += 4;
  head(20, 'tfdt', 0x01000000); // version 1: 64-bit baseMediaDecodeTime
  out.writeBigUInt64BE(BigInt(Math.max(0, Math.round(baseMediaDecodeTime))), pos);
  pos += 8;
  head(20 + TRUN_ENTRY * samples.length, 'trun', TRUN_FLAGS);
  out.writeUInt32BE(samples.length, pos);
  out.writeInt32BE(moofSize + 8, pos + 4); // data_offset: the first sample, just past the mdat header
  pos += 8;
  samples.forEach((sample, i) => {
    out.writeUInt32BE(Math.max(0, Math.round(sample.duration)), pos);
    out.writeUInt32BE(sizes[i], pos + 4);
    out.writeUInt32BE(sample.keyframe ? SYNC_SAMPLE_FLAGS : NON_SYNC_SAMPLE_FLAGS, pos + 8);
    pos += TRUN_ENTRY;
  });
  head(mdatSize, 'mdat');
  for (const sample of samples) {
    for (const unit of sample.units) {
      if (lengthPrefixed) {
        out.writeUInt32BE(unit.length, pos);
        pos += 4;
      }
      pos += unit.copy(out, pos);
    }
  }
  return out;
}
