import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { MediaSocketMessage } from '@openfleet/contracts';
import { AppError } from '@openfleet/errors';
import { RateLimitedLog } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { MediaViewer } from '../media/media-viewer';
import { StreamHub } from '../media/stream-hub';
import { TRANSCODE_QUERY, TranscodeHub } from '../transcode/transcode-hub';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MEDIA_TOKENS, type MediaTokens } from './media-tokens';

/** Where the media WebSocket answers: `/video/ws/<streamKey>?token=<signed>`. */
export const MEDIA_SOCKET_PATH = '/video/ws/';

/**
 * Live fMP4 over WebSocket for the console's player (Media Source Extensions): text frames carry
 * the stream's JSON messages (init, unsupported, closed), binary frames the init segment and then
 * one fragment per frame. Upgrades are accepted only with the signed token the open API issued for
 * that stream; the WebSocket shares the HTTP server (and so the origin) of the API.
 */
@Injectable()
export class MediaSocketServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoSocket');
  private readonly log = new RateLimitedLog(this.logger);
  // Browsers send nothing but control frames: a tiny payload limit keeps a hostile client cheap.
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
  private server?: Server;
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: StreamHub,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly transcodes: TranscodeHub,
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
    if (!url.pathname.startsWith(MEDIA_SOCKET_PATH)) return;
    const streamKey = decodeURIComponent(url.pathname.slice(MEDIA_SOCKET_PATH.length));
    let userId: string;
    try {
      userId = this.tokens.verify(url.searchParams.get('token') ?? undefined, streamKey).userId;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.log.write('warn', `media socket for ${streamKey} refused: bad or expired token`);
      return refuse(socket, 401, 'Unauthorized');
    }
    const stream = this.hub.get(streamKey);
    if (!stream) return refuse(socket, 404, 'Not Found');
    if (stream.viewerCount >= this.config.VIDEO_MAX_VIEWERS_PER_STREAM) return refuse(socket, 503, 'Service Unavailable');
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const viewer = socketViewer(ws, userId);
      let leave = () => stream.removeViewer(viewer.id);
      ws.on('close', () => leave());
      ws.on('error', () => ws.terminate());
      if (stream.closed) {
        viewer.sendText({ type: 'closed', reason: 'terminal' });
        return viewer.close();
      }
      // A browser that cannot play H.265 asks for the picture in H.264 (services/video/src/transcode).
      if (url.searchParams.get(TRANSCODE_QUERY) === 'h264') leave = this.transcodes.join(stream, viewer);
      else stream.addViewer(viewer);
    });
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function socketViewer(ws: WebSocket, userId: string): MediaViewer {
  return {
    id: randomUUID(),
    userId,
    sendText: (message: MediaSocketMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    sendBinary: (data: Buffer) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: true });
    },
    backlog: () => ws.bufferedAmount,
    close: () => ws.close(1000),
  };
}
