// The link-server contract (libs/service-kit/src/link-server/testing/link-contract.ts) on the
// JT/T 1078 media port over real TCP: a link identifies itself with its first packet that reaches
// a stream the platform opened. Media waits for no bus, so the slow-bus case does not apply.
import { HeldBus, runLinkContract, type ContractTarget } from '@openfleet/service-kit/link-testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { DataType, encodePacket, Subpackage } from '@openfleet/jt1078';
import { loadConfig, type LinkServer } from '@openfleet/service-kit';
import type { VideoDirectory } from '../registry/video-directory';
import { VideoConfig } from '../video-config';
import { MediaIngestServer } from './media-ingest.server';
import { StreamHub } from './stream-hub';

const simOf = (index: number) => `0133000009${String(index).padStart(2, '0')}`;
const BODY = Buffer.alloc(160, 0xd5);

const audioPacket = (index: number, seq: number) =>
  encodePacket({ marker: true, payloadType: 6, serial: seq, sim: simOf(index), channel: 1, dataType: DataType.AUDIO, subpackage: Subpackage.ATOMIC, timestamp: 1000 + seq * 20, lastIFrameInterval: 0, lastFrameInterval: 0, body: BODY });
const PACKET_BYTES = audioPacket(1, 0).length;

describe('JT/T 1078 media ingest on the link server', () => {
  let hub: StreamHub;
  let target: ContractTarget;
  runLinkContract('JT/T 1078 media', {
    publishes: false,
    async start(limits) {
      const config = loadConfig(VideoConfig, {
        VIDEO_MEDIA_TCP_PORT: '0',
        VIDEO_MEDIA_UDP_PORT: '-1',
        VIDEO_MEDIA_HOST: '127.0.0.1',
        VIDEO_IDENTIFY_S: String(limits.identifyWithinS),
        VIDEO_MAX_LINKS: String(limits.maxIdentified),
        VIDEO_MAX_UNIDENTIFIED_LINKS: String(limits.maxUnidentified),
        VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS: String(limits.maxUnidentifiedPerAddress),
        VIDEO_MAX_BAD_FRAMES: String(limits.maxBadFrames),
      });
      // Streams are opened here as the signalling opens them; a SIM without one is nobody's.
      hub = new StreamHub(config, { vehicleBySim: () => undefined } as unknown as VideoDirectory);
      for (const index of [1, 2]) hub.open({ vehicleId: `v${index}`, plateCode: `京V1090${index}`, companyId: 'c1', terminalPhone: simOf(index), channel: 1, kind: 'live', streamType: 1, dataType: 0, openedBy: 'contract' });
      const ingest = new MediaIngestServer(config, hub);
      await ingest.onApplicationBootstrap();
      const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
      target = {
        server: ingest.linkServer as LinkServer<unknown, unknown, unknown>,
        port: ingest.tcpPort(),
        bus,
        stop: async () => {
          await ingest.onModuleDestroy();
          hub.onModuleDestroy();
          await bus.close();
        },
      };
      return target;
    },
    async identify(client, index) {
      const before = target.server.counts().identified;
      client.write(audioPacket(index, 0));
      const deadline = Date.now() + 3000;
      while (target.server.counts().identified <= before) {
        if (Date.now() > deadline || client.closed) throw new Error('first packet not routed');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    dataFrame: audioPacket,
    badFrame: () => Buffer.alloc(16, 0x5a),
    delivered: () => hub.all().reduce((sum, stream) => sum + stream.bytesIn, 0) / PACKET_BYTES,
  });
});
