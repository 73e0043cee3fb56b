import { decodeFrame, decodeLinkBody, encodeFrame, encodeLinkBody, Jt809Deframer } from '@openfleet/jt809';
import { createServer, type Server, type Socket } from 'node:net';
import { Jt809Connection } from './jt809-connection';
import type { PlatformLink } from './platform-link';

const HANDSHAKE_TIMEOUT_MS = 10_000;
/** A 0x9001 is a few dozen bytes: an unauthenticated peer may not make us buffer more. */
const HANDSHAKE_MAX_BYTES = 1024;

/**
 * Our slave-link listener: a superior connects and logs in with 0x9001 carrying the verify code
 * of our last 0x1002. The first frame is tried against each online platform's edition and keys;
 * the one whose verify code matches owns the connection (0x9002 result 0). Anything else gets
 * 0x9002 result 1 (VERIFY_CODE wrong) where it decodes at all, and the socket is closed.
 */
export class SlaveLinkServer {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly links: () => Iterable<PlatformLink>,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
  ) {}

  async listen(port: number, host: string): Promise<number> {
    const server = (this.server = createServer((socket) => this.accept(socket)));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Accept failures (EMFILE...) after the start: logged, the listener keeps going.
    server.on('error', (error) => this.log('warn', `slave link listener: ${error.message}`));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    // Until a platform owns the socket its errors are only logged (rate-limited: a scanner may cause many).
    const onError = (error: Error) => this.log('warn', `slave link from ${socket.remoteAddress ?? '?'}: ${error.message}`);
    socket.on('error', onError);
    const deframer = new Jt809Deframer(HANDSHAKE_MAX_BYTES);
    const timeout = setTimeout(() => socket.destroy(), HANDSHAKE_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const frames = deframer.push(chunk);
      if (deframer.oversizeFrames || deframer.skippedBytes > HANDSHAKE_MAX_BYTES) return void socket.destroy();
      if (!frames.length) return;
      socket.off('data', onData);
      clearTimeout(timeout);
      try {
        this.handshake(socket, frames[0], frames.slice(1), onError);
      } catch (error) {
        this.log('warn', `slave link from ${socket.remoteAddress ?? '?'} dropped: ${(error as Error).message}`);
        socket.destroy();
      }
    };
    socket.on('data', onData);
  }

  private handshake(socket: Socket, first: Buffer, rest: Buffer[], onError: (error: Error) => void): void {
    let refusedEdition: '2011' | '2019' | undefined;
    for (const link of this.links()) {
      const { edition, keys, accessCode, encrypt } = link.settings;
      let verifyCode: number;
      try {
        const { header, body } = decodeFrame(first, edition, keys);
        if (header.msgId !== 0x9001) continue;
        verifyCode = Number(decodeLinkBody(0x9001, body, edition).verifyCode);
      } catch {
        continue;
      }
      refusedEdition = edition;
      if (link.status.main !== 'online' && !link.verifyCode) continue;
      if (verifyCode !== link.verifyCode) continue;
      socket.off('error', onError);
      const connection = new Jt809Connection(socket, {
        edition,
        centerId: accessCode,
        keys,
        encrypt,
        onMessage: (message) => link.handle(connection, message),
        onBadFrame: (error) => {
          link.status.badFrames++;
          this.log('warn', `platform ${link.settings.platformId}: bad frame on the slave link: ${error.message}`);
        },
        onError: (error) => this.log('warn', `platform ${link.settings.platformId}: slave link: ${error.message}`),
      });
      void connection.sendLink(0x9002, { result: 0 }).catch(() => undefined);
      link.attachSlave(connection);
      this.log('info', `platform ${link.settings.platformId}: slave link online`);
      for (const frame of rest) socket.emit('data', frame);
      return;
    }
    this.log('warn', `slave link from ${socket.remoteAddress ?? '?'} refused: no platform matches its 0x9001`);
    if (refusedEdition) socket.end(encodeFrame({ edition: refusedEdition, msgId: 0x9002, serial: 1, centerId: 0 }, encodeLinkBody(0x9002, { result: 1 }, refusedEdition)));
    else socket.destroy();
  }
}
