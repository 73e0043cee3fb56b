import { Inject, Injectable } from '@nestjs/common';
import { networkInterfaces } from 'node:os';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { MediaIngestServer } from './media-ingest.server';

/**
 * Where terminals are told to send media (0x9101, 0x9201): VIDEO_PUBLIC_HOST, else the machine's
 * first non-internal IPv4 address (a laptop on the vehicles' network), else the loopback.
 */
@Injectable()
export class MediaAddress {
  private readonly host: string;

  constructor(
    @Inject(VIDEO_CONFIG) config: VideoConfig,
    private readonly ingest: MediaIngestServer,
  ) {
    this.host = config.VIDEO_PUBLIC_HOST || firstExternalIpv4() || '127.0.0.1';
  }

  /** The 0x9101/0x9201 server fields. */
  server(): { serverAddress: string; tcpPort: number; udpPort: number } {
    return { serverAddress: this.host, tcpPort: this.ingest.tcpPort(), udpPort: this.ingest.udpPort() };
  }

  get publicHost(): string {
    return this.host;
  }
}

function firstExternalIpv4(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found) return found.address;
  }
  return undefined;
}
