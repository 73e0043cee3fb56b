import { decodeBusinessBody, decodeFrame, decodeLinkBody, encodeBusinessBody, encodeFrame, encodeLinkBody, isBusinessMessage, Jt809Deframer, type Body, type BusinessBody, type Jt809CipherKeys, type Jt809Edition, type Jt809Header } from '@openfleet/jt809';
import type { Socket } from 'node:net';

/** A decoded message off a link: a link-management body or a business body with its data type. */
export interface Jt809Message {
  header: Jt809Header;
  msgId: number;
  link?: Body;
  business?: BusinessBody;
}

export interface ConnectionOptions {
  edition: Jt809Edition;
  /** Our access code (GNSS centre id), written in every header we send. */
  centerId: number;
  /** Keys of the body cipher; `encrypt` enciphers what we send, received frames are deciphered when flagged. */
  keys?: Jt809CipherKeys;
  encrypt?: boolean;
  version?: [number, number, number];
  onMessage: (message: Jt809Message) => void;
  /** A frame that could not be decoded: logged by the owner; the link stays up. */
  onBadFrame: (error: Error) => void;
  /** A socket error or a handler that threw: logged by the owner (an 'error' without a listener would crash the process). */
  onError: (error: Error) => void;
  /** False: the link server reads the socket and hands the messages to the owner (the slave link). */
  reads?: boolean;
  /** Every frame read or written, for the frame archive; `error` is why a read one did not decode. */
  onFrame?: (direction: 'up' | 'down', frame: Buffer, error?: string) => void;
}

/** The decode error's code (Jt809DecodeError's), else its name: what the frame archive marks a bad frame with. */
export const frameErrorCode = (error: unknown): string => String((error as { code?: unknown }).code ?? (error as Error)?.name ?? 'BAD_FRAME');

/** A frame to a message in the link's edition and keys; throws on a bad CRC or layout. */
export function decodeJt809Message(frame: Buffer, edition: Jt809Edition, keys?: Jt809CipherKeys): Jt809Message {
  const { header, body } = decodeFrame(frame, edition, keys);
  return isBusinessMessage(header.msgId)
    ? { header, msgId: header.msgId, business: decodeBusinessBody(header.msgId, body, edition) }
    : { header, msgId: header.msgId, link: decodeLinkBody(header.msgId, body, edition) };
}

/**
 * One JT/T 809 TCP link (main or slave): frames in, decoded messages out, encoded frames written
 * with a rising serial. A frame that fails its CRC or layout is reported and skipped.
 */
export class Jt809Connection {
  private serial = 0;
  private readonly deframer = new Jt809Deframer();
  badFrames = 0;

  constructor(
    readonly socket: Socket,
    private readonly options: ConnectionOptions,
  ) {
    if (options.reads !== false)
      socket.on('data', (chunk: Buffer) => {
        for (const frame of this.deframer.push(chunk)) this.receive(frame);
      });
    socket.on('error', (error) => options.onError(error));
  }

  get open(): boolean {
    return !this.socket.destroyed && this.socket.writable;
  }

  /** Sends a link message; resolves once the bytes are handed to the kernel. */
  sendLink(msgId: number, body: Body = {}): Promise<number> {
    return this.write(msgId, encodeLinkBody(msgId, body, this.options.edition));
  }

  sendBusiness(msgId: number, body: BusinessBody): Promise<number> {
    return this.write(msgId, encodeBusinessBody(msgId, body, this.options.edition));
  }

  close(): void {
    this.socket.destroy();
  }

  private write(msgId: number, body: Buffer): Promise<number> {
    const serial = (this.serial = (this.serial + 1) >>> 0);
    const { edition, centerId, keys, encrypt, version } = this.options;
    const frame = encodeFrame({ edition, msgId, serial, centerId, version, ...(encrypt && keys ? { cipher: { ...keys, key: (Math.random() * 0xffffffff) >>> 0 } } : {}) }, body);
    return new Promise((resolve, reject) => {
      if (!this.open) return reject(new Error('link closed'));
      this.options.onFrame?.('down', frame);
      this.socket.write(frame, (error) => (error ? reject(error) : resolve(serial)));
    });
  }

  private receive(frame: Buffer): void {
    let message: Jt809Message;
    try {
      message = decodeJt809Message(frame, this.options.edition, this.options.keys);
    } catch (error) {
      this.badFrames++;
      this.options.onFrame?.('up', frame, frameErrorCode(error));
      this.options.onBadFrame(error as Error);
      return;
    }
    this.options.onFrame?.('up', frame);
    // A handler's failure is not the frame's: it is reported apart and the link stays up.
    try {
      this.options.onMessage(message);
    } catch (error) {
      this.options.onError(error as Error);
    }
  }
}
