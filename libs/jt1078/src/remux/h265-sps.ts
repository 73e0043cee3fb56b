// H.265 sequence parameter set (ITU-T H.265 7.3.2.2): the profile_tier_level and the picture
// size, enough for the hvcC record (ISO/IEC 14496-15 8.3.3.1) and the `hvc1` codec string
// (ISO/IEC 14496-15 annex E). Limits: single-layer streams only (nuh_layer_id 0, no multi-layer
// SPS extension); min_spatial_segmentation, parallelism type and frame rate in hvcC are written as
// "unknown" (0), which decoders accept. Checked against Main and Main 10.
import { BitReader, H265Nal, removeEmulationPrevention } from './annexb';

export interface H265SpsInfo {
  profileSpace: number;
  tierFlag: number;
  profileIdc: number;
  /** general_profile_compatibility_flag[0..31], flag 0 the most significant bit. */
  compatibilityFlags: number;
  /** The 48 bits from general_progressive_source_flag on, as 6 bytes. */
  constraintFlags: Buffer;
  levelIdc: number;
  maxSubLayersMinus1: number;
  temporalIdNesting: boolean;
  chromaFormatIdc: number;
  bitDepthLumaMinus8: number;
  bitDepthChromaMinus8: number;
  width: number;
  height: number;
}

/** Parses an SPS NAL unit (2-byte header included, as splitAnnexB returns it). */
export function parseH265Sps(nal: Buffer): H265SpsInfo {
  const rbsp = removeEmulationPrevention(nal.subarray(2));
  const reader = new BitReader(rbsp);
  reader.skip(4); // sps_video_parameter_set_id
  const maxSubLayersMinus1 = reader.bits(3);
  const temporalIdNesting = reader.flag();
  // profile_tier_level(1, maxSubLayersMinus1): the general part is byte aligned, 12 bytes.
  const profileSpace = reader.bits(2);
  const tierFlag = reader.bits(1);
  const profileIdc = reader.bits(5);
  const compatibilityFlags = reader.bits(32);
  const constraintFlags = Buffer.from(rbsp.subarray(6, 12));
  reader.skip(48);
  const levelIdc = reader.bits(8);
  const subLayerProfile: boolean[] = [];
  const subLayerLevel: boolean[] = [];
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    subLayerProfile.push(reader.flag());
    subLayerLevel.push(reader.flag());
  }
  if (maxSubLayersMinus1 > 0) reader.skip(2 * (8 - maxSubLayersMinus1));
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    if (subLayerProfile[i]) reader.skip(88);
    if (subLayerLevel[i]) reader.skip(8);
  }
  reader.ue(); // sps_seq_parameter_set_id
  const chromaFormatIdc = reader.ue();
  const separateColourPlane = chromaFormatIdc === 3 && reader.flag();
  let width = reader.ue();
  let height = reader.ue();
  if (reader.flag()) {
    const [left, right, top, bottom] = [reader.ue(), reader.ue(), reader.ue(), reader.ue()];
    // SubWidthC / SubHeightC (table 6-1); 1 for monochrome and separate planes.
    const arrayType = separateColourPlane ? 0 : chromaFormatIdc;
    const subWidth = arrayType === 1 || arrayType === 2 ? 2 : 1;
    const subHeight = arrayType === 1 ? 2 : 1;
    width -= (left + right) * subWidth;
    height -= (top + bottom) * subHeight;
  }
  const bitDepthLumaMinus8 = reader.ue();
  const bitDepthChromaMinus8 = reader.ue();
  return {
    profileSpace, tierFlag, profileIdc, compatibilityFlags, constraintFlags, levelIdc, maxSubLayersMinus1, temporalIdNesting,
    chromaFormatIdc, bitDepthLumaMinus8, bitDepthChromaMinus8, width, height,
  };
}

/**
 * The `hvc1` codec string (ISO/IEC 14496-15 E.3): profile space letter and profile, the
 * compatibility flags bit-reversed in hex, tier letter and level, then the constraint bytes
 * with trailing zero bytes left out. Example: `hvc1.1.6.L93.B0`.
 */
export function h265CodecString(sps: H265SpsInfo): string {
  const space = ['', 'A', 'B', 'C'][sps.profileSpace];
  let reversed = 0;
  for (let bit = 0; bit < 32; bit++) if (sps.compatibilityFlags & (1 << bit)) reversed |= 1 << (31 - bit);
  const constraints = [...sps.constraintFlags];
  while (constraints.length && constraints[constraints.length - 1] === 0) constraints.pop();
  const tail = constraints.map((byte) => `.${byte.toString(16).toUpperCase()}`).join('');
  return `hvc1.${space}${sps.profileIdc}.${(reversed >>> 0).toString(16).toUpperCase()}.${sps.tierFlag ? 'H' : 'L'}${sps.levelIdc}${tail}`;
}

/** HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 8.3.3.1), 4-byte NAL lengths, one array per VPS/SPS/PPS. */
export function buildHvcC(vps: Buffer[], sps: Buffer[], pps: Buffer[]): Buffer {
  const info = parseH265Sps(sps[0]);
  const head = Buffer.alloc(23);
  head[0] = 1;
  head[1] = (info.profileSpace << 6) | (info.tierFlag << 5) | info.profileIdc;
  head.writeUInt32BE(info.compatibilityFlags >>> 0, 2);
  info.constraintFlags.copy(head, 6);
  head[12] = info.levelIdc;
  head.writeUInt16BE(0xf000, 13); // reserved + min_spatial_segmentation_idc 0
  head[15] = 0xfc; // reserved + parallelismType 0 (unknown)
  head[16] = 0xfc | info.chromaFormatIdc;
  head[17] = 0xf8 | info.bitDepthLumaMinus8;
  head[18] = 0xf8 | info.bitDepthChromaMinus8;
  head.writeUInt16BE(0, 19); // avgFrameRate unknown
  // constantFrameRate 0, numTemporalLayers, temporalIdNested, lengthSizeMinusOne 3.
  head[21] = ((info.maxSubLayersMinus1 + 1) << 3) | ((info.temporalIdNesting ? 1 : 0) << 2) | 3;
  head[22] = 3;
  const parts: Buffer[] = [head];
  for (const [type, units] of [[H265Nal.VPS, vps], [H265Nal.SPS, sps], [H265Nal.PPS, pps]] as const) {
    const array = Buffer.alloc(3);
    array[0] = 0x80 | type; // array_completeness 1: every such unit is here, none in band
    array.writeUInt16BE(units.length, 1);
    parts.push(array);
    for (const unit of units) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(unit.length);
      parts.push(length, unit);
    }
  }
  return Buffer.concat(parts);
}
