// The media server's stream limit (spec §8 3010, concurrent video limit) on the video module over
// real HTTP, on SQLite and MariaDB. With VIDEO_MAX_LINKS at 1, a company's videoPlay operator opens
// one channel, may join it again (shared, no second 0x9101), but a second channel or a playback answers
// 3010 and no 0x9101/0x9201 goes to a terminal; once the first stream ends there is room again.
// Another company's operator hears 8002 for the vehicle, as for one that does not exist.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PermissionCache, TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type InstructionRequest } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { VideoModule } from '../src';

jest.setTimeout(60_000);

const operator = (id: string, companyId: string): AuthUser => ({ id, companyId, userType: 2, roleIds: ['viewer'], superAdmin: false, scope: { companies: [companyId], fleets: [] } });
const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(['sqlite', 'mysql'] as const)('video stream limit (%s)', (engine) => {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv(engine, 'videolimit'),
    LOG_LEVEL: 'silent',
    AUTH_JWT_SECRET: 'video-limit-secret-video-limit-secret-0123456789',
    VIDEO_URL_SECRET: 'video-limit-url-secret-0123456789-0123456789',
    VIDEO_MEDIA_TCP_PORT: '0',
    VIDEO_MEDIA_UDP_PORT: '-1',
    VIDEO_FTP_PORT: '-1',
    VIDEO_MEDIA_HOST: '127.0.0.1',
    VIDEO_PUBLIC_HOST: '127.0.0.1',
    VIDEO_MAX_LINKS: '1',
  };
  const bus = new InProcessBus({ logger: silentBusLogger });
  const requests: InstructionRequest[] = [];
  let app: INestApplication;
  let viewer: string;
  let stranger: string;
  const http = () => request(app.getHttpServer());
  const post = async (path: string, body: object, token = viewer) => (await http().post(path).set('Authorization', token).send(body).expect(200)).body;

  beforeAll(async () => {
    const now = Date.now();
    // The terminal side: every video command is answered at once, as the instruction service would after a 0x0001.
    await bus.subscribe(Topics.instructionRequest, {
      group: 'terminal',
      handle: async (messages) => {
        for (const { value } of messages) {
          requests.push(value);
          await bus.publish(Topics.instructionOrder, { key: value.vehicleId, value: { orderId: String(requests.length), batchId: value.requestId, vehicleId: value.vehicleId, terminalPhone: '', plateCode: '', commandType: value.commandType, msgId: value.msgId, status: InstructionStatus.SUCCESS, errorCode: 0, at: Date.now() } });
        }
      },
    });
    await bus.publish(Topics.rolePermissions, [{ key: 'viewer', value: { roleId: 'viewer', actionCodes: ['videoPlay', 'h5Playback', 'realvideoTable'], deleted: false, updatedAt: now } }]);
    await bus.publish(Topics.vehicleRegistry, ['1', '2'].map((n) => ({ key: `v${n}`, value: { vehicleId: `v${n}`, plateCode: `京V0000${n}`, plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: `01390000000${n}`, deleted: false, updatedAt: now } })));
    await bus.publish(Topics.terminalRegistry, ['1', '2'].map((n) => ({ key: `01390000000${n}`, value: { terminalPhone: `01390000000${n}`, terminalId: `t${n}`, terminalCode: `T${n}`, vehicleId: `v${n}`, plateCode: `京V0000${n}`, plateColor: 1, companyId: '10', authCode: '', registrationState: 1, protocolVersion: '2013', videoChannels: 4, deleted: false, updatedAt: now } })));
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'video-limit-test', config: loadConfig(PlatformConfig, env), bus, env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const permissions = app.get(PermissionCache);
    await waitFor(() => permissions.allows(operator('x', '10'), ['videoPlay']), 'role');
    const tokens = app.get(TokenService);
    viewer = `Bearer ${await tokens.sign(operator('11', '10'))}`;
    stranger = `Bearer ${await tokens.sign(operator('12', '90'))}`;
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'video');
  });

  it('answers 3010 for a stream beyond the limit without asking a terminal, and has room once one ends', async () => {
    const first = await post('/video/live/open', { vehicleId: 'v1', channel: 1 });
    expect(first).toMatchObject({ flag: true });
    const streamKey = first.data.streamKey as string;
    expect(requests.filter((r) => r.msgId === '0x9101')).toHaveLength(1);
    // The same channel again is shared: no limit, no second 0x9101.
    expect((await post('/video/live/open', { vehicleId: 'v1', channel: 1 })).data.streamKey).toBe(streamKey);

    expect(await post('/video/live/open', { vehicleId: 'v2', channel: 1 })).toMatchObject({ flag: false, errorCode: 3010, data: { max: 1 } });
    expect(await post('/video/live/open', { vehicleId: 'v1', channel: 2 })).toMatchObject({ flag: false, errorCode: 3010 });
    expect(await post('/video/playback/open', { vehicleId: 'v2', channel: 1, startTime: '2026-11-20 08:00:00', endTime: '2026-11-20 08:10:00' })).toMatchObject({ flag: false, errorCode: 3010 });
    expect(requests.filter((r) => r.msgId === '0x9101' || r.msgId === '0x9201')).toHaveLength(1);

    // Another company: the vehicle is unknown to it, whatever the limit.
    expect(await post('/video/live/open', { vehicleId: 'v1', channel: 1 }, stranger)).toMatchObject({ flag: false, errorCode: 8002 });

    expect(await post('/video/live/sessions/close', { streamKey })).toMatchObject({ flag: true });
    expect(await post('/video/live/open', { vehicleId: 'v2', channel: 1 })).toMatchObject({ flag: true });
    expect(requests.filter((r) => r.msgId === '0x9101').map((r) => r.vehicleId)).toEqual(['v1', 'v2']);
  });
});
