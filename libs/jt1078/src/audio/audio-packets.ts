import { DataType, encodePacket, MAX_BODY, Subpackage } from '../packet';
import type { PacketLink } from '../packetizer';

/**
 * One audio frame as table-19 packets going down to a terminal (talk-back, broadcast): data type
 * 3 (audio), the payload type the audio is coded in, M on the last packet, serials continuing on
 * the link, the timestamp in ms. A 40 ms frame is one packet; a longer one is cut at 950 bytes.
 */
export function audioFramePackets(link: PacketLink, payload: Buffer, payloadType: number, timestamp: number): Buffer[] {
  const count = Math.max(1, Math.ceil(payload.length / MAX_BODY));
  const packets: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const subpackage = count === 1 ? Subpackage.ATOMIC : i === 0 ? Subpackage.FIRST : i === count - 1 ? Subpackage.LAST : Subpackage.MIDDLE;
    packets.push(
      encodePacket({
        marker: i === count - 1,
        payloadType,
        serial: link.serial,
        sim: link.sim,
        channel: link.channel,
        dataType: DataType.AUDIO,
        subpackage,
        timestamp,
        lastIFrameInterval: 0,
        lastFrameInterval: 0,
        body: payload.subarray(i * MAX_BODY, (i + 1) * MAX_BODY),
      }),
    );
    link.serial = (link.serial + 1) & 0xffff;
  }
  return packets;
}
