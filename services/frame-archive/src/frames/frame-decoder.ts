import * as gb32960 from '@openfleet/gb32960';
import { decodeHexToJson } from '@openfleet/jt808';
import * as jt809 from '@openfleet/jt809';
import type { FrameProtocol } from '@openfleet/contracts';

// Decoding on read with the protocol libraries: the archive stores bytes only, so a better decoder
// (a library fix, a new message) explains old frames too, and the ingest stays cheap.

export interface FrameDecoding {
  name: string;
  decoded: unknown;
  /** Decode error code and message, when the bytes do not decode. */
  error: { code: string; message: string } | null;
}

/** Buffers as hex and bigints as strings, so the decoded message is plain JSON. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 0), (_key, item: unknown) =>
    item && typeof item === 'object' && (item as { type?: unknown }).type === 'Buffer' && Array.isArray((item as { data?: unknown }).data) ? Buffer.from((item as { data: number[] }).data).toString('hex') : item,
  ) as unknown;
}

const failure = (name: string, error: unknown): FrameDecoding => ({
  name,
  decoded: null,
  error: { code: String((error as { code?: unknown }).code ?? 'BAD_FRAME'), message: error instanceof Error ? error.message : String(error) },
});

function decodeJt808(hex: string): FrameDecoding {
  try {
    const json = decodeHexToJson(hex);
    return { name: json.name ?? '', decoded: plain(json), error: null };
  } catch (error) {
    return failure('', error);
  }
}

function gbBody(command: number, data: Buffer): unknown {
  switch (command) {
    case gb32960.Command.VEHICLE_LOGIN:
      return gb32960.decodeVehicleLogin(data);
    case gb32960.Command.REALTIME:
    case gb32960.Command.REISSUE:
      return gb32960.decodeRealtime(data);
    case gb32960.Command.VEHICLE_LOGOUT:
      return gb32960.decodeLogout(data);
    case gb32960.Command.PLATFORM_LOGIN:
      return gb32960.decodePlatformLogin(data);
    case gb32960.Command.TIME_SYNC:
      return data.length ? { time: gb32960.decodeTime(data) } : {};
    default:
      return data.length ? { data: data.toString('hex') } : {};
  }
}

function decodeGb32960(bytes: Buffer): FrameDecoding {
  let name = '';
  try {
    const frame = gb32960.decodeFrame(bytes);
    name = gb32960.commandName(frame.command);
    // A reply (response flag not 0xFE) carries at most the time it answers.
    const body = frame.response === gb32960.Response.COMMAND ? gbBody(frame.command, frame.data) : frame.data.length ? { data: frame.data.toString('hex') } : {};
    const { data: _data, ...header } = frame;
    return { name, decoded: plain({ ...header, body }), error: null };
  } catch (error) {
    return failure(name, error);
  }
}

const HJ1239_NAMES: Record<number, string> = Object.fromEntries(Object.entries(gb32960.Hj1239Command).map(([name, id]) => [id, name]));

function decodeHj1239(bytes: Buffer): FrameDecoding {
  let name = '';
  try {
    const frame = gb32960.decodeHj1239Frame(bytes);
    name = HJ1239_NAMES[frame.command] ?? `0x${frame.command.toString(16).padStart(2, '0')}`;
    const { data, ...header } = frame;
    const body =
      frame.command === gb32960.Hj1239Command.LOGIN
        ? gb32960.decodeHj1239Login(data)
        : frame.command === gb32960.Hj1239Command.REALTIME || frame.command === gb32960.Hj1239Command.REISSUE
          ? gb32960.decodeHj1239Realtime(data)
          : frame.command === gb32960.Hj1239Command.LOGOUT
            ? gb32960.decodeHj1239Logout(data)
            : { data: data.toString('hex') };
    return { name, decoded: plain({ ...header, body }), error: null };
  } catch (error) {
    return failure(name, error);
  }
}

function decodeJt809(bytes: Buffer, msgId: number | null): FrameDecoding {
  const name = msgId === null ? '' : jt809.messageName(msgId);
  let firstError: unknown;
  // The frame does not say its edition: the one whose header length makes the CRC and length agree.
  for (const edition of ['2011', '2019'] as const) {
    let frame: jt809.Jt809Frame;
    try {
      frame = jt809.decodeFrame(bytes, edition);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Enciphered with the link's keys, which the archive does not hold: the header is all it can show.
      if (code === 'ENCRYPTED_WITHOUT_KEY') return { name, decoded: { edition, encrypted: true }, error: null };
      firstError ??= error;
      continue;
    }
    const { header, body } = frame;
    try {
      const decodedBody = jt809.isBusinessMessage(header.msgId) ? jt809.decodeBusinessBody(header.msgId, body, edition) : jt809.decodeLinkBody(header.msgId, body, edition);
      return { name, decoded: plain({ edition, header, body: decodedBody }), error: null };
    } catch (error) {
      return { ...failure(name, error), decoded: plain({ edition, header, body: body.toString('hex') }) };
    }
  }
  return failure(name, firstError);
}

/** The frame decoded by its protocol's library: its name, JSON, or why it does not decode. */
export function decodeArchivedFrame(protocol: FrameProtocol, bytes: Buffer, msgId: number | null): FrameDecoding {
  switch (protocol) {
    case 'jt808':
      return decodeJt808(bytes.toString('hex'));
    case 'gb32960':
      return decodeGb32960(bytes);
    case 'hj1239':
      return decodeHj1239(bytes);
    default:
      return decodeJt809(bytes, msgId);
  }
}
