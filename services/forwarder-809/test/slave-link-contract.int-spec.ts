// The link-server contract (libs/service-kit/src/link-server/testing/link-contract.ts) on the JT/T
// 809 slave-link port, over real TCP and SQLite: junk frames, a trickle that never logs in, a flood
// of links, half a frame then a close. Two superior platforms are logged in on their main links (the
// simulator); the suite's clients play their slave links, logging in with 0x9001 and the verify
// code of the last 0x1002. A data frame is a 0x9300/0x9302 platform message; it is delivered when
// it reaches the forwarder's message handlers. Those answer later or on the main link, so nothing
// on the slave link waits for the bus: the slow-bus case does not apply.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { decodeFrame, decodeLinkBody, encodeBusinessBody, encodeFrame, encodeLinkBody, Jt809Deframer, SuperiorPlatformSimulator } from '@openfleet/jt809';
import { loadConfig, PlatformConfig, PlatformModule, type LinkServer } from '@openfleet/service-kit';
import { ContractClient, HeldBus, runLinkContract, type ContractLimits, type ContractTarget } from '@openfleet/service-kit/link-testing';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { Forwarder809Module, LinkManager } from '../src';
import type { SlaveLinkServer } from '../src/link/slave-link-server';

jest.setTimeout(60_000);

const accessCodeOf = (index: number) => 880000 + index;
const operator: AuthUser = { id: '21', companyId: 'c1', userType: 1, roleIds: ['platform809'], superAdmin: false, scope: { companies: ['c1'], fleets: [] } };

interface SlaveTarget extends ContractTarget {
  app: INestApplication;
  superior: SuperiorPlatformSimulator;
  /** Platform id by client index. */
  platforms: Map<number, number>;
  /** Messages that reached the forwarder's handlers. */
  handled: number;
}

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function startForwarder(limits: ContractLimits): Promise<SlaveTarget> {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv('sqlite', 'fwdlink'),
    LOG_LEVEL: 'silent',
    FORWARDER_809_SLAVE_PORT: '0',
    FORWARDER_809_SLAVE_LISTEN_HOST: '0.0.0.0',
    AUTH_JWT_SECRET: 'forwarder-link-contract-secret-0123456789-ab',
    FORWARDER_809_SLAVE_IDENTIFY_S: String(limits.identifyWithinS),
    FORWARDER_809_SLAVE_MAX_LINKS: String(limits.maxIdentified),
    FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_LINKS: String(limits.maxUnidentified),
    FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_PER_ADDRESS: String(limits.maxUnidentifiedPerAddress),
    FORWARDER_809_SLAVE_MAX_BAD_FRAMES: String(limits.maxBadFrames),
  };
  const superior = new SuperiorPlatformSimulator({ edition: '2011', accounts: [1, 2].map((index) => ({ userId: 5000 + index, password: `pw${index}`, accessCode: accessCodeOf(index) })) });
  await superior.listen();
  const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
  await bus.publish(Topics.rolePermissions, [{ key: 'platform809', value: { roleId: 'platform809', actionCodes: ['superiorPlatformM', 'superiorPlatformM:add'], deleted: false, updatedAt: Date.now() } }]);
  const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-link-contract', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
  await app.init();
  const links = app.get(LinkManager);
  const target: SlaveTarget = {
    app,
    bus,
    superior,
    platforms: new Map(),
    handled: 0,
    server: (links as unknown as { slaveServer: SlaveLinkServer }).slaveServer.linkServer as LinkServer<unknown, unknown, unknown>,
    port: links.slavePort,
    stop: async () => {
      await app.close();
      await superior.close();
      await dropTestSchema(env, 'forwarder_809');
    },
  };
  links.onMessage(() => void target.handled++);
  const token = `Bearer ${await app.get(TokenService).sign(operator)}`;
  for (const index of [1, 2]) {
    // The simulator's own slave link goes to a closed port: the suite's clients are the slave links.
    const body = { name: `platform ${index}`, edition: '2011', mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: 1, userId: 5000 + index, password: `pw${index}`, accessCode: accessCodeOf(index), platformCode: '12345678901', keepAliveS: 30 };
    const created = await request(app.getHttpServer()).post('/platform809/platforms').set('Authorization', token).send(body).expect(200);
    target.platforms.set(index, created.body.data.id as number);
  }
  await waitFor(() => [...target.platforms.values()].every((id) => links.byId(id)?.link.status.main === 'online' && links.byId(id)!.link.verifyCode > 0), 'both main links online');
  return target;
}

const loginResults = (received: Buffer) =>
  new Jt809Deframer()
    .push(received)
    .map((frame) => decodeFrame(frame, '2011'))
    .filter(({ header }) => header.msgId === 0x9002)
    .map(({ body }) => Number(decodeLinkBody(0x9002, body, '2011').result));

const message = (index: number, seq: number) =>
  encodeFrame({ edition: '2011', msgId: 0x9300, serial: seq, centerId: 1 }, encodeBusinessBody(0x9300, { dataType: 0x9302, data: { objectType: 1, objectId: String(accessCodeOf(index)), infoId: seq, infoContent: `message ${seq}` } }, '2011'));

/** A well-delimited frame whose CRC no longer matches (the byte changed is no delimiter or escape). */
function corrupted(seq: number): Buffer {
  const frame = message(1, seq);
  for (let at = 12; at < frame.length - 3; at++) {
    const changed = frame[at]! ^ 0x01;
    if ([0x5a, 0x5b, 0x5d, 0x5e].includes(frame[at]!) || [0x5a, 0x5b, 0x5d, 0x5e].includes(changed)) continue;
    frame[at] = changed;
    return frame;
  }
  throw new Error('no byte to corrupt');
}

describe('JT/T 809 slave-link port on the link server', () => {
  let target: SlaveTarget;

  async function logIn(client: ContractClient, index: number, verifyCode?: number): Promise<number> {
    const platform = target.app.get(LinkManager).byId(target.platforms.get(index)!)!.link;
    client.write(encodeFrame({ edition: '2011', msgId: 0x9001, serial: 1, centerId: accessCodeOf(index) }, encodeLinkBody(0x9001, { verifyCode: verifyCode ?? platform.verifyCode }, '2011')));
    await waitFor(() => loginResults(client.received).length > 0 || client.closed, '0x9002');
    return loginResults(client.received)[0] ?? -1;
  }

  runLinkContract('JT/T 809 slave link', {
    publishes: false,
    start: async (limits) => (target = await startForwarder(limits)),
    async identify(client, index) {
      const result = await logIn(client, index);
      if (result !== 0) throw new Error(`slave link login answered ${result}`);
    },
    dataFrame: message,
    badFrame: corrupted,
    delivered: () => target.handled,
  });

  it('answers a wrong verify code with 0x9002 result 1 and closes; the right one puts the platform’s slave link online', async () => {
    target = await startForwarder({ identifyWithinS: 5, maxIdentified: 10, maxUnidentified: 10, maxUnidentifiedPerAddress: 4, maxBadFrames: 5, maxInFlight: 4 });
    const wrong = await ContractClient.open(target.port);
    const right = await ContractClient.open(target.port);
    try {
      const platform = target.app.get(LinkManager).byId(target.platforms.get(1)!)!.link;
      expect(await logIn(wrong, 1, platform.verifyCode + 1)).toBe(1);
      await waitFor(() => wrong.closed, 'refused link closed');
      expect(target.server.closes('auth-failed')).toBe(1);
      expect(platform.status.slave).toBe('offline');
      // The login and the start of the next frame in one write: the rest completes it after the login.
      const next = message(1, 9);
      const handled = target.handled;
      right.write(Buffer.concat([encodeFrame({ edition: '2011', msgId: 0x9001, serial: 1, centerId: accessCodeOf(1) }, encodeLinkBody(0x9001, { verifyCode: platform.verifyCode }, '2011')), next.subarray(0, 10)]));
      await waitFor(() => loginResults(right.received).length > 0, '0x9002');
      expect(loginResults(right.received)).toEqual([0]);
      right.write(next.subarray(10));
      await waitFor(() => target.handled > handled, 'the frame split across the login delivered');
      expect(platform.status.slave).toBe('online');
      expect(target.server.counts()).toEqual({ identified: 1, unidentified: 0 });
      // After the login, frames decode in the platform's edition: a bad one counts on its status too.
      right.write(corrupted(3));
      await waitFor(() => platform.status.badFrames === 1, 'bad frame counted on the platform');
      right.close();
      await waitFor(() => platform.status.slave === 'offline', 'slave link offline');
    } finally {
      wrong.close();
      right.close();
      await target.stop();
    }
  });
});
