import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { TalkSocketMessage } from '@openfleet/contracts';
import { AppError } from '@openfleet/errors';
import { RateLimitedLog } from '@openfleet/service-kit';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { MEDIA_TOKENS, type MediaTokens } from '../delivery/media-tokens';
import type { TalkPeer } from './talk-session';
import { TALK_SOCKET_PATH, TalkService, talkTokenKey } from './talk.service';

/** One message of microphone PCM: at most 1 s of 8 kHz 16-bit audio (browsers send 20-100 ms). */
const MAX_PCM_BYTES = 16_000;
/** The terminal's audio is dropped for a browser this far behind rather than buffered. */
const MAX_BACKLOG_BYTES = 256 * 1024;

/**
 * The talker's WebSocket, `/video/talk/ws/<talkId>?token=<signed>` on the API's HTTP server (the
 * same signed-URL scheme as the media socket): binary frames up are the microphone as 16-bit
 * little-endian PCM at 8 kHz mono; down come the terminal's audio the same way (talk) and
 * TalkSocketMessage text frames. One socket per session: a newer one replaces the older.
 */
@Injectable()
export class TalkSocketServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoTalkSocket');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PCM_BYTES, perMessageDeflate: false });
  private server?: Server;
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly talk: TalkService,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
  ) {}

  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    this.server?.on('upgrade', this.onUpgrade);
  }

  onModuleDestroy(): void {
    this.server?.off('upgrade', this.onUpgrade);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(TALK_SOCKET_PATH)) return;
    const talkId = decodeURIComponent(url.pathname.slice(TALK_SOCKET_PATH.length));
    try {
      this.tokens.verify(url.searchParams.get('token') ?? undefined, talkTokenKey(talkId));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.log.write('warn', `talk socket for ${talkId} refused: bad or expired token`);
      return refuse(socket, 401, 'Unauthorized');
    }
    const session = this.talk.session(talkId);
    if (!session) return refuse(socket, 404, 'Not Found');
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const peer = socketPeer(ws);
      session.peer?.sendText({ type: 'closed', reason: 'replaced' });
      session.peer?.close();
      session.attachPeer(peer);
      ws.on('message', (data, isBinary) => {
        // Odd lengths or text are not PCM: ignored, the socket stays.
        if (!isBinary || !Buffer.isBuffer(data) || data.length % 2) return;
        session.speak(new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)));
      });
      ws.on('close', () => session.detachPeer(peer));
      ws.on('error', () => ws.terminate());
    });
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function socketPeer(ws: WebSocket): TalkPeer {
  return {
    sendText: (message: TalkSocketMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    sendBinary: (data: Buffer) => {
      if (ws.readyState === WebSocket.OPEN && ws.bufferedAmount < MAX_BACKLOG_BYTES) ws.send(data, { binary: true });
    },
    close: () => ws.close(1000),
  };
}
