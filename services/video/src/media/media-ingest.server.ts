import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RateLimitedLog, TcpListener, type TcpLink } from '@openfleet/service-kit';
import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import type { Socket } from 'node:net';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MediaLink } from './media-link';
import { StreamHub } from './stream-hub';

/** Packets the jitter buffer holds per UDP channel while one is missing. */
const UDP_REORDER_DEPTH = 32;

/**
 * The media listeners terminals stream JT/T 1078 to after 0x9101/0x9201: TCP (one link per
 * connection, in order) and UDP (one link per peer address, reordered by serial). A link counts
 * against VIDEO_MAX_LINKS only once it has named the SIM of a stream the platform opened; until then
 * it has VIDEO_IDENTIFY_S and a small budget of its own (VIDEO_MAX_UNIDENTIFIED_LINKS, per source
 * address VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS), so clients that never name a SIM cannot keep real
 * terminals out. Only packets that reach a stream count as activity: junk does not keep a link open.
 */
@Injectable()
export class MediaIngestServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VideoIngest');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly tcp: TcpListener;
  private udp?: UdpSocket;
  private readonly udpLinks = new Map<string, { link: MediaLink; openedAt: number }>();
  private udpSweeper?: NodeJS.Timeout;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly hub: StreamHub,
  ) {
    this.tcp = new TcpListener((socket, link) => this.accept(socket, link), {
      identifyWithinMs: config.VIDEO_IDENTIFY_S * 1000,
      // UDP peers share the identified budget: a TCP link may identify only while UDP leaves room.
      maxIdentified: config.VIDEO_MAX_LINKS,
      maxUnidentified: config.VIDEO_MAX_UNIDENTIFIED_LINKS,
      maxUnidentifiedPerAddress: config.VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS,
    });
  }

  /** Links open now: TCP by identification, UDP peers (metrics, tests). */
  links(): { identified: number; unidentified: number; udp: number } {
    return { ...this.tcp.counts(), udp: this.udpLinks.size };
  }

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

  private accept(socket: Socket, tcpLink: TcpLink): void {
    const admit = () => {
      if (this.tcp.counts().identified + this.udpIdentified() < this.config.VIDEO_MAX_LINKS && tcpLink.identify()) return true;
      this.log.write('warn', `media link from ${socket.remoteAddress} refused: ${this.config.VIDEO_MAX_LINKS} links open`);
      return false;
    };
    const link = new MediaLink(this.hub, () => socket.destroy(), 0, admit);
    socket.on('data', (chunk: Buffer) => {
      const before = link.lastPacketAt;
      link.receive(chunk);
      if (link.lastPacketAt !== before) tcpLink.active();
    });
    socket.on('close', () => link.closed());
  }

  private udpIdentified(): number {
    let count = 0;
    for (const { link } of this.udpLinks.values()) if (link.identified) count++;
    return count;
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
    this.udpSweeper = setInterval(() => this.sweepUdp(Date.now()), 1000);
    this.udpSweeper.unref();
  }

  private datagram(message: Buffer, peer: RemoteInfo): void {
    const key = `${peer.address}:${peer.port}`;
    let entry = this.udpLinks.get(key);
    if (!entry) {
      if (this.udpLinks.size - this.udpIdentified() >= this.config.VIDEO_MAX_UNIDENTIFIED_LINKS) return;
      const admit = () => this.tcp.counts().identified + this.udpIdentified() < this.config.VIDEO_MAX_LINKS;
      const link = new MediaLink(this.hub, () => this.udpLinks.delete(key), UDP_REORDER_DEPTH, admit);
      entry = { link, openedAt: Date.now() };
      this.udpLinks.set(key, entry);
    }
    entry.link.receive(message);
  }

  private sweepUdp(now: number): void {
    const silentMs = this.config.VIDEO_LINK_TIMEOUT_S * 1000;
    const identifyMs = this.config.VIDEO_IDENTIFY_S * 1000;
    for (const [key, entry] of this.udpLinks) {
      const { link } = entry;
      const alive = link.identified ? now - link.lastPacketAt < silentMs : now - entry.openedAt < identifyMs;
      if (alive && !link.ended) continue;
      entry.link.closed();
      this.udpLinks.delete(key);
    }
  }
}
