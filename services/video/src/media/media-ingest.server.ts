import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RateLimitedLog, TcpListener } from '@openfleet/service-kit';
import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import type { Socket } from 'node:net';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MediaLink } from './media-link';
import { StreamHub } from './stream-hub';

/** Packets the jitter buffer holds per UDP channel while one is missing. */
const UDP_REORDER_DEPTH = 32;

/**
 * The media listeners terminals stream JT/T 1078 to after 0x9101/0x9201: TCP (one link per
 * connection, in order) and UDP (one link per peer address, reordered by serial). Links beyond
 * VIDEO_MAX_LINKS are refused so a flood cannot exhaust the process.
 */
@Injectable()
export class MediaIngestServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoIngest');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly tcp = new TcpListener((socket) => this.accept(socket));
  private udp?: UdpSocket;
  private readonly udpLinks = new Map<string, { link: MediaLink; lastAt: number }>();
  private tcpLinks = 0;
  private udpSweeper?: NodeJS.Timeout;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly hub: StreamHub,
  ) {}

  tcpPort(): number {
    return this.tcp.port();
  }

  udpPort(): number {
    const address = this.udp?.address();
    return address ? address.port : 0;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.tcp.listen(this.config.VIDEO_MEDIA_TCP_PORT, this.config.VIDEO_MEDIA_HOST, this.config.VIDEO_LINK_TIMEOUT_S * 1000);
    if (this.config.VIDEO_MEDIA_UDP_PORT >= 0) await this.listenUdp();
    this.logger.log(`JT/T 1078 media on TCP ${this.tcpPort()}${this.udp ? ` and UDP ${this.udpPort()}` : ''}`);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.udpSweeper);
    for (const { link } of this.udpLinks.values()) link.closed();
    this.udpLinks.clear();
    await this.tcp.close();
    await new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    if (this.tcpLinks + this.udpLinks.size >= this.config.VIDEO_MAX_LINKS) {
      this.log.write('warn', `media link from ${socket.remoteAddress} refused: ${this.config.VIDEO_MAX_LINKS} links open`);
      socket.destroy();
      return;
    }
    this.tcpLinks++;
    const link = new MediaLink(this.hub, () => socket.destroy(), 0);
    socket.on('data', (chunk: Buffer) => link.receive(chunk));
    socket.on('close', () => {
      this.tcpLinks--;
      link.closed();
    });
  }

  private async listenUdp(): Promise<void> {
    const udp = createSocket('udp4');
    udp.on('message', (message: Buffer, peer: RemoteInfo) => this.datagram(message, peer));
    udp.on('error', (error) => this.log.write('warn', `media UDP: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(this.config.VIDEO_MEDIA_UDP_PORT, this.config.VIDEO_MEDIA_HOST, () => resolve());
    });
    this.udp = udp;
    this.udpSweeper = setInterval(() => this.sweepUdp(Date.now()), 5000);
    this.udpSweeper.unref();
  }

  private datagram(message: Buffer, peer: RemoteInfo): void {
    const key = `${peer.address}:${peer.port}`;
    let entry = this.udpLinks.get(key);
    if (!entry) {
      if (this.tcpLinks + this.udpLinks.size >= this.config.VIDEO_MAX_LINKS) return;
      const link = new MediaLink(this.hub, () => this.udpLinks.delete(key), UDP_REORDER_DEPTH);
      entry = { link, lastAt: 0 };
      this.udpLinks.set(key, entry);
    }
    entry.lastAt = Date.now();
    entry.link.receive(message, entry.lastAt);
  }

  private sweepUdp(now: number): void {
    const silentMs = this.config.VIDEO_LINK_TIMEOUT_S * 1000;
    for (const [key, entry] of this.udpLinks) {
      if (now - entry.lastAt < silentMs && !entry.link.ended) continue;
      entry.link.closed();
      this.udpLinks.delete(key);
    }
  }
}
