import { Inject, Injectable, Logger } from '@nestjs/common';
import { Jt1078Deframer, type Jt1078Packet } from '@openfleet/jt1078';
import { LinkPort, LinkServer, type Link, type LinkDeframer, type LinkProtocol } from '@openfleet/service-kit';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MediaLink } from './media-link';
import { StreamHub } from './stream-hub';

/** Packets the jitter buffer holds per UDP channel while one is missing. */
const UDP_REORDER_DEPTH = 32;

/** Bytes the 1078 deframer skipped in one read: a bad frame to the link server. */
class GarbageBytes {
  constructor(readonly bytes: number) {}
}

type MediaItem = Jt1078Packet | GarbageBytes;

/** The 1078 deframer, telling skipped garbage as an item so the link server counts it towards the streak. */
class MediaDeframer implements LinkDeframer<MediaItem> {
  readonly inner = new Jt1078Deframer();

  push(chunk: Buffer): MediaItem[] {
    const before = this.inner.malformed;
    const packets: MediaItem[] = this.inner.push(chunk);
    const skipped = this.inner.malformed - before;
    if (skipped > 0) packets.unshift(new GarbageBytes(skipped));
    return packets;
  }
}

interface Session {
  link: Link;
  media: MediaLink;
  deframer: MediaDeframer;
}

/**
 * The media listeners terminals stream JT/T 1078 to after 0x9101/0x9201, on the link server: TCP
 * (one link per connection, in order) and UDP (one link per peer address, reordered by serial). A
 * link identifies itself with its first packet that reaches a stream (the SIM of a stream the
 * platform opened): only then does it count against VIDEO_MAX_LINKS (TCP and UDP together); until
 * then it has VIDEO_IDENTIFY_S and a small budget of its own (VIDEO_MAX_UNIDENTIFIED_LINKS, per
 * source address VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS), so clients that never name a SIM cannot keep
 * real terminals out. Only packets count as activity, and VIDEO_MAX_BAD_FRAMES reads in a row of
 * nothing but garbage close a link.
 */
@Injectable()
export class MediaIngestServer extends LinkPort<MediaItem, Jt1078Packet, Session> implements LinkProtocol<MediaItem, Jt1078Packet, Session> {
  readonly name = 'jt1078';
  private readonly logger = new Logger('VideoIngest');
  readonly linkServer: LinkServer<MediaItem, Jt1078Packet, Session>;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly hub: StreamHub,
  ) {
    super();
    this.linkServer = new LinkServer(this, {
      tcp: { port: config.VIDEO_MEDIA_TCP_PORT, host: config.VIDEO_MEDIA_HOST },
      udp: config.VIDEO_MEDIA_UDP_PORT >= 0 ? { port: config.VIDEO_MEDIA_UDP_PORT, host: config.VIDEO_MEDIA_HOST } : undefined,
      logger: this.logger,
      limits: {
        identifyWithinMs: config.VIDEO_IDENTIFY_S * 1000,
        idleMs: config.VIDEO_LINK_TIMEOUT_S * 1000,
        maxIdentified: config.VIDEO_MAX_LINKS,
        maxUnidentified: config.VIDEO_MAX_UNIDENTIFIED_LINKS,
        maxUnidentifiedPerAddress: config.VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS,
        maxBadFrames: config.VIDEO_MAX_BAD_FRAMES,
        // Media waits for no bus: nothing is in flight.
        maxInFlight: Number.MAX_SAFE_INTEGER,
      },
    });
  }

  /** Links open now: by identification (TCP and UDP), and UDP peers (metrics, tests). */
  links(): { identified: number; unidentified: number; udp: number } {
    return { ...this.linkServer.counts(), udp: this.linkServer.udpPeers() };
  }

  tcpPort(): number {
    return this.port();
  }

  udpPort(): number {
    return this.linkServer.udpPort();
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    this.logger.log(`JT/T 1078 media on TCP ${this.tcpPort()}${this.udpPort() ? ` and UDP ${this.udpPort()}` : ''}`);
  }

  deframer(session: Session): MediaDeframer {
    return session.deframer;
  }

  decode(item: MediaItem): Jt1078Packet {
    if (item instanceof GarbageBytes) throw new Error(`${item.bytes} bytes that start no packet`);
    return item;
  }

  open(link: Link): Session {
    const admit = () => {
      if (link.identify()) return true;
      this.logger.warn(`media link from ${link.remoteAddress} refused: ${this.config.VIDEO_MAX_LINKS} links open`);
      return false;
    };
    const media = new MediaLink(this.hub, () => link.close('unrouted'), link.transport === 'udp' ? UDP_REORDER_DEPTH : 0, admit, (bytes) => link.send(bytes));
    return { link, media, deframer: new MediaDeframer() };
  }

  handle(session: Session, packet: Jt1078Packet): void {
    session.media.receive(packet, session.deframer.inner.simBytes ?? 6);
  }

  capture(session: Session, item: MediaItem): void {
    if (item instanceof GarbageBytes) session.media.malformed(item.bytes);
  }

  closed(session: Session): void {
    session.media.closed();
  }
}
