// The link-server contract (libs/service-kit/src/link-server/testing/link-contract.ts) on the
// T/JSATL 12 attachment port, over real TCP, SQLite and a real file store: junk frames, a trickle
// that never names an alarm, a flood of links, half a data frame then a close. A data frame is a
// file chunk; it is delivered when the store has written it. Uploads go to disk, not to the bus, so
// the slow-bus case does not apply; a slow disk pausing the link is the last test here.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getRepositoryToken } from '@nestjs/typeorm';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { encodeAttachmentData, encodeFrame } from '@openfleet/jt808';
import { LocalFileStore, loadConfig, PlatformConfig, PlatformModule, type LinkServer } from '@openfleet/service-kit';
import { CONTRACT_LIMITS, ContractClient, HeldBus, runLinkContract, type ContractLimits, type ContractTarget } from '@openfleet/service-kit/link-testing';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { join } from 'node:path';
import type { Repository } from 'typeorm';
import { AlarmModule, AttachmentServer } from '../src';
import { AlarmEvidence } from '../src/evidence/alarm-evidence.entity';
import { EVIDENCE_STORE } from '../src/evidence/attachment-server';

jest.setTimeout(60_000);

/** The real local store, counting the parts it has written (and able to be slow, like a busy disk). */
class CountingStore extends LocalFileStore {
  parts = 0;
  slow?: Promise<void>;

  override async writePart(key: string, offset: number, bytes: Buffer): Promise<void> {
    await this.slow;
    await super.writePart(key, offset, bytes);
    this.parts++;
  }
}

const phoneOf = (index: number) => `0133000000${String(index).padStart(2, '0')}`;
const alarmNumberOf = (index: number) => index.toString(16).padStart(32, 'a');
const fileOf = (index: number) => `00_65_6502_0_f${index}.bin`;
const CHUNK = 1024;

interface AttachmentTarget extends ContractTarget {
  app: INestApplication;
  store: CountingStore;
}

async function startAttachments(limits: ContractLimits): Promise<AttachmentTarget> {
  const storage = testStorageEnv('sqlite', 'alarmlink');
  const env: NodeJS.ProcessEnv = {
    ...storage,
    LOG_LEVEL: 'silent',
    ALARM_ATTACHMENT_PORT: '0',
    ALARM_ATTACHMENT_LISTEN_HOST: '0.0.0.0',
    AUTH_JWT_SECRET: 'alarm-link-contract-secret-0123456789-abcdef',
    ALARM_ATTACHMENT_IDENTIFY_S: String(limits.identifyWithinS),
    ALARM_ATTACHMENT_MAX_LINKS: String(limits.maxIdentified),
    ALARM_ATTACHMENT_MAX_UNIDENTIFIED_LINKS: String(limits.maxUnidentified),
    ALARM_ATTACHMENT_MAX_UNIDENTIFIED_PER_ADDRESS: String(limits.maxUnidentifiedPerAddress),
    ALARM_ATTACHMENT_MAX_BAD_FRAMES: String(limits.maxBadFrames),
    ALARM_ATTACHMENT_MAX_IN_FLIGHT: String(limits.maxInFlight),
  };
  const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
  const store = new CountingStore(join(storage.DATA_DIR!, 'evidence'));
  const app = (
    await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-link-contract', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] })
      .overrideProvider(EVIDENCE_STORE)
      .useValue(store)
      .compile()
  ).createNestApplication({ logger: false });
  await app.init();
  // The alarms whose evidence was asked for (0x9208), one per test terminal.
  const evidence = app.get<Repository<AlarmEvidence>>(getRepositoryToken(AlarmEvidence, 'alarm'));
  for (const index of [1, 2]) {
    await evidence.insert({ alarmNumber: alarmNumberOf(index), alarmId: index, terminalPhone: phoneOf(index).replace(/^0+/, ''), companyPath: '/1/', fleetPath: '', expected: 1, identification: {}, requestedAt: Date.now() });
  }
  const attachments = app.get(AttachmentServer);
  return {
    app,
    bus,
    store,
    server: attachments.linkServer as LinkServer<unknown, unknown, unknown>,
    port: attachments.port(),
    stop: async () => {
      await app.close();
      await dropTestSchema(env, 'alarm');
    },
  };
}

const signal = (index: number, msgId: number, body: unknown, serial = 1) => encodeFrame({ msgId, version: '2013', phone: phoneOf(index), serial, body });

/** 0x1210 naming the alarm of terminal `index`, with one 1 MiB file; resolves on its 0x8001. */
async function listFiles(target: ContractTarget, client: ContractClient, index: number): Promise<void> {
  const before = target.server.counts().identified;
  const received = client.received.length;
  const identification = { terminalId: 'T000001', time: '261127100000', serial: 1, attachmentCount: 1, reserved: 0 };
  client.write(signal(index, 0x1210, { terminalId: 'T000001', identification, alarmNumber: alarmNumberOf(index), infoType: 0, files: [{ name: fileOf(index), size: 1024 * CHUNK }] }));
  const deadline = Date.now() + 5000;
  while (target.server.counts().identified <= before || client.received.length <= received) {
    if (Date.now() > deadline || client.closed) throw new Error('attachment list not taken');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const dataFrame = (index: number, seq: number) => encodeAttachmentData(fileOf(index), seq * CHUNK, Buffer.alloc(CHUNK, seq & 0xff));

describe('alarm attachment port on the link server', () => {
  let target: AttachmentTarget;
  runLinkContract('T/JSATL 12 attachments', {
    publishes: false,
    start: async (limits) => (target = await startAttachments(limits)),
    identify: (client, index) => listFiles(target, client, index),
    dataFrame,
    // Too short to be an 808 frame: the decoder refuses it.
    badFrame: () => Buffer.from('7e0102030405067e', 'hex'),
    delivered: () => target.store.parts,
  });

  it('closes a link that sends 64 KiB of one data frame before naming its alarm, and keeps one that named it', async () => {
    const attachments = await startAttachments(CONTRACT_LIMITS);
    const stranger = await ContractClient.open(attachments.port);
    const uploader = await ContractClient.open(attachments.port);
    try {
      await listFiles(attachments, uploader, 1);
      const big = encodeAttachmentData(fileOf(1), 0, Buffer.alloc(80 * 1024, 7));
      // Within the file-size limit, so the splitter would wait for all of it.
      stranger.write(big.subarray(0, 70 * 1024));
      uploader.write(big.subarray(0, 70 * 1024));
      const deadline = Date.now() + 3000;
      while (!stranger.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stranger.closed).toBe(true);
      expect(attachments.server.closes('oversize')).toBe(1);
      uploader.write(big.subarray(70 * 1024));
      while (attachments.store.parts < 1 && Date.now() < deadline + 2000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(attachments.store.parts).toBe(1);
      expect(uploader.closed).toBe(false);
    } finally {
      stranger.close();
      uploader.close();
      await attachments.stop();
    }
  });

  it('stops reading a link while the disk is behind, and writes every chunk once it catches up', async () => {
    const limits = CONTRACT_LIMITS;
    const attachments = await startAttachments(limits);
    const client = await ContractClient.open(attachments.port);
    try {
      await listFiles(attachments, client, 1);
      let release!: () => void;
      attachments.store.slow = new Promise((resolve) => (release = resolve));
      const count = limits.maxInFlight * 3;
      for (let seq = 0; seq < count; seq++) client.write(dataFrame(1, seq));
      const deadline = Date.now() + 3000;
      while (attachments.server.pausedLinks() !== 1) {
        if (Date.now() > deadline) throw new Error('link not paused while its chunks wait for the disk');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(attachments.store.parts).toBe(0);
      release();
      const done = Date.now() + 5000;
      while (attachments.store.parts < count && Date.now() < done) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(attachments.store.parts).toBe(count);
      expect(attachments.server.pausedLinks()).toBe(0);
      expect(client.closed).toBe(false);
    } finally {
      client.close();
      await attachments.stop();
    }
  });
});
