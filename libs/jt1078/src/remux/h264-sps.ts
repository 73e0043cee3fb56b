// H.264 sequence parameter set (ITU-T H.264 7.3.2.1.1): just enough of it for the MP4 sample
// entry (picture size) and the avcC record (ISO/IEC 14496-15 5.3.3.1).
import { BitReader, removeEmulationPrevention } from './annexb';

export interface H264SpsInfo {
  profileIdc: number;
  /** The constraint_set flags byte (the "compat" byte of the codec string). */
  constraintFlags: number;
  levelIdc: number;
  chromaFormatIdc: number;
  bitDepthLumaMinus8: number;
  bitDepthChromaMinus8: number;
  /** Displayed size: coded macroblocks less the cropping window. */
  width: number;
  height: number;
}

// Profiles whose SPS carries chroma format, bit depth and scaling lists (7.3.2.1.1).
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** Parses an SPS NAL unit (header byte included, as splitAnnexB returns it). */
export function parseH264Sps(nal: Buffer): H264SpsInfo {
  const reader = new BitReader(removeEmulationPrevention(nal.subarray(1)));
  const profileIdc = reader.bits(8);
  const constraintFlags = reader.bits(8);
  const levelIdc = reader.bits(8);
  reader.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let bitDepthLumaMinus8 = 0;
  let bitDepthChromaMinus8 = 0;
  let separateColourPlane = false;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = reader.ue();
    if (chromaFormatIdc === 3) separateColourPlane = reader.flag();
    bitDepthLumaMinus8 = reader.ue();
    bitDepthChromaMinus8 = reader.ue();
    reader.skip(1); // qpprime_y_zero_transform_bypass_flag
    if (reader.flag()) skipScalingLists(reader, chromaFormatIdc === 3 ? 12 : 8);
  }
  reader.ue(); // log2_max_frame_num_minus4
  const pocType = reader.ue();
  if (pocType === 0) {
    reader.ue(); // log2_max_pic_order_cnt_lsb_minus4
  } else if (pocType === 1) {
    reader.skip(1); // delta_pic_order_always_zero_flag
    reader.se();
    reader.se();
    const cycle = reader.ue();
    for (let i = 0; i < cycle; i++) reader.se();
  }
  reader.ue(); // max_num_ref_frames
  reader.skip(1); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = reader.ue() + 1;
  const heightInMapUnits = reader.ue() + 1;
  const frameMbsOnly = reader.flag();
  if (!frameMbsOnly) reader.skip(1); // mb_adaptive_frame_field_flag
  reader.skip(1); // direct_8x8_inference_flag
  let width = widthInMbs * 16;
  let height = (2 - (frameMbsOnly ? 1 : 0)) * heightInMapUnits * 16;
  if (reader.flag()) {
    const [left, right, top, bottom] = [reader.ue(), reader.ue(), reader.ue(), reader.ue()];
    // Crop units (7-19 to 7-22): chroma sample units, doubled vertically for field coding.
    const arrayType = separateColourPlane ? 0 : chromaFormatIdc;
    const cropX = arrayType === 0 ? 1 : arrayType === 3 ? 1 : 2;
    const cropY = (arrayType === 1 ? 2 : 1) * (frameMbsOnly ? 1 : 2);
    width -= (left + right) * cropX;
    height -= (top + bottom) * cropY;
  }
  return { profileIdc, constraintFlags, levelIdc, chromaFormatIdc, bitDepthLumaMinus8, bitDepthChromaMinus8, width, height };
}

function skipScalingLists(reader: BitReader, count: number): void {
  for (let i = 0; i < count; i++) {
    if (!reader.flag()) continue;
    const size = i < 6 ? 16 : 64;
    let last = 8;
    let next = 8;
    for (let j = 0; j < size && next !== 0; j++) {
      next = (last + reader.se() + 256) % 256;
      if (next !== 0) last = next;
    }
  }
}

const hex2 = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');

/** RFC 6381 codec string, `avc1.PPCCLL` (profile, constraint flags, level in hex). */
export function h264CodecString(sps: H264SpsInfo): string {
  return `avc1.${hex2(sps.profileIdc)}${hex2(sps.constraintFlags)}${hex2(sps.levelIdc)}`;
}

/** AVCDecoderConfigurationRecord (ISO/IEC 14496-15 5.3.3.1), 4-byte NAL lengths. */
export function buildAvcC(sps: Buffer[], pps: Buffer[]): Buffer {
  const info = parseH264Sps(sps[0]);
  const head = Buffer.from([1, info.profileIdc, info.constraintFlags, info.levelIdc, 0xfc | 3, 0xe0 | sps.length]);
  const parts: Buffer[] = [head];
  for (const unit of sps) parts.push(lengthOf(unit), unit);
  parts.push(Buffer.from([pps.length]));
  for (const unit of pps) parts.push(lengthOf(unit), unit);
  // The High profiles the record lists append chroma format and bit depths (no SPS extensions).
  if ([100, 110, 122, 144].includes(info.profileIdc)) {
    parts.push(Buffer.from([0xfc | info.chromaFormatIdc, 0xf8 | info.bitDepthLumaMinus8, 0xf8 | info.bitDepthChromaMinus8, 0]));
  }
  return Buffer.concat(parts);
}

function lengthOf(unit: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(unit.length);
  return length;
}
