// Every command of the catalogue over real TCP to the JT/T 808 simulator's terminals (2013 and 2019),
// provisioned through the admin API under `strict` registration: each reaches the terminal in its
// edition's layout and ends in status 1 with the reply the standard defines.
import { COMMANDS, type Edition } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import type { RunningPlatform } from '../../services/standalone/src';
import { loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from '../../services/standalone/test/provisioning';
import { startTestPlatform } from '../../services/standalone/test/test-platform';
// The simulator is plain JavaScript; its terminals answer as real ones do.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SimTerminal, deviceIdOf, simNumberOf, plateOf } = require('./sim-terminal');

jest.setTimeout(120_000);

const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** Sample values per command type; every field the catalogue requires is filled. */
function sampleParams(type: string, mediaId: number): Record<string, unknown> {
  const range = { startTime: cst(Date.now() - 3_600_000), endTime: cst(Date.now() + 60_000) };
  const samples: Record<string, Record<string, unknown>> = {
    text: { text: '调度提醒', tts: true },
    eventSet: { type: 1, events: [{ id: 1, content: '堵车' }] },
    question: { question: '是否到达？', answers: [{ id: 1, content: '是' }, { id: 2, content: '否' }] },
    infoMenu: { type: 1, items: [{ infoType: 1, name: '天气' }] },
    infoService: { infoType: 1, content: '晴 25℃' },
    callback: { flag: 1, phone: '13800138000' },
    phonebook: { type: 1, contacts: [{ flag: 3, phone: '13800138000', name: '调度' }] },
    tempTracking: { intervalS: 5, validityS: 60 },
    alarmConfirm: { alarmSerial: 0, emergency: true },
    setParams: { items: [{ id: 0x0029, value: '10' }] },
    queryParamsById: { ids: [{ id: 0x0001 }, { id: 0x0029 }] },
    terminalControl: { command: 6 },
    serverSet: { connection: 0, address: '127.0.0.1', tcpPort: 6808, timeLimitMin: 60 },
    remoteUpgrade: { url: 'http://127.0.0.1/fw.bin', address: '127.0.0.1', tcpPort: 6808, timeLimitMin: 10 },
    // 3000 bytes: over the 1023-byte body limit, so the gateway sends it as subpackages.
    upgrade: { type: 0, makerId: 'OFSIM', version: '2.0.1', package: 'ab'.repeat(3000) },
    photo: { channel: 1, command: 1, saveFlag: 1 },
    mediaSearch: { mediaType: 0, channel: 0, event: 0, ...range },
    mediaUpload: { mediaType: 0, channel: 0, event: 0, deleteFlag: 0, ...range },
    record: { command: 1, durationS: 1, saveFlag: 0, sampleRate: 0 },
    singleMediaUpload: { mediaId, deleteFlag: 0 },
    tachographCollect: { command: 0x02 },
    tachographSet: { command: 0xc2, time: cst(Date.now()) },
  };
  return samples[type] ?? {};
}

/** The reply each command is settled by (the rest by the general reply 0x0001). */
const REPLY: Record<string, string> = {
  rollcall: '0x0201',
  queryParams: '0x0104',
  queryParamsById: '0x0104',
  queryAttributes: '0x0107',
  photo: '0x0805',
  mediaSearch: '0x0802',
  driverIdentity: '0x0702',
};

describe('every command of the catalogue, answered by the simulator (2013 and 2019)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  const terminals: { stop(): void }[] = [];
  const vehicles: Record<string, ProvisionedVehicle> = {};

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Simulated Commands' });
    const port = platform.app.get(Gateway808Server).address().port;
    for (const [index, version] of (['2013', '2019'] as const).entries()) {
      const prefix = version === '2013' ? '151' : '152';
      const sim = simNumberOf(prefix, index);
      vehicles[version] = await provisionVehicle(admin, companyId, { sim, plate: plateOf(index + 50), terminalCode: deviceIdOf(index), version });
      const terminal = new SimTerminal(index, { host: '127.0.0.1', port, version, phonePrefix: prefix, interval: 5, heartbeat: 30, speedup: 1, alarmRate: 0, dropRate: 0, centerLat: 39.9, centerLon: 116.4, radiusKm: 5, verbose: false }, { sent: 0, acked: 0, connects: 0, errors: 0, reports: 0, alarms: 0, blindAreaItems: 0 });
      terminal.start();
      terminals.push(terminal);
    }
    await waitFor('simulated terminals online', async () => {
      const rows = (await admin.get('/gps/position/findLatestPositions').expect(200)).body.data as { vehicleId: string; vehicleStatus: number }[];
      return Object.values(vehicles).every((v) => rows.some((row) => String(row.vehicleId) === v.vehicleId && row.vehicleStatus === 1)) || undefined;
    }, 30_000);
    await sleep(500);
  });

  afterAll(async () => {
    terminals.forEach((terminal) => terminal.stop());
    await platform?.app.close();
  });

  for (const edition of ['2013', '2019'] as Edition[]) {
    it(`${edition}: every command it supports ends in success`, async () => {
      const vehicle = vehicles[edition];
      let mediaId = 0;
      const outcomes: Record<string, string> = {};
      const orderIds: Record<string, string> = {};
      // Photos first (stored on the terminal), so the single upload has an id to fetch.
      const ordered = [...COMMANDS].sort((a, b) => Number(b.type === 'photo') - Number(a.type === 'photo'));
      for (const def of ordered) {
        if (def.dedicated || (def.editions && !def.editions.includes(edition))) continue;
        const sent = (await admin.post('/gps/sendOrder/send', { commandType: def.type, vehicleIds: [vehicle.vehicleId], params: sampleParams(def.type, mediaId) }).expect(200)).body;
        if (!sent.flag) {
          outcomes[def.type] = `refused ${sent.errorCode}`;
          continue;
        }
        const orderId = sent.data[0].orderId;
        orderIds[def.type] = orderId;
        const done = await waitFor(`${def.type} to settle`, async () => {
          const order = (await admin.get(`/gps/sendOrder/${orderId}`).expect(200)).body.data;
          return [1, 2, 3, 4].includes(order.status) ? order : undefined;
        }, 20_000);
        outcomes[def.type] = done.status === 1 ? done.replyMsgId : `status ${done.status} (${done.errorCode})`;
        if (def.type === 'photo') mediaId = (done.replyBody.mediaIds as number[])[0];
      }
      const expected = Object.fromEntries(
        COMMANDS.filter((def) => !def.dedicated && (!def.editions || def.editions.includes(edition))).map((def) => [def.type, REPLY[def.type] ?? (def.type === 'tachographCollect' ? '0x0700' : '0x0001')]),
      );
      // Later answers land on their orders: the upgrade's 0x0108, the driver's 0x0302 answer (2011/2013).
      const replyOf = async (type: string) => (await admin.get(`/gps/sendOrder/${orderIds[type]}`).expect(200)).body.data.replyBody as Record<string, { result?: number; answerId?: number }>;
      await waitFor('upgrade result', async () => ((await replyOf('upgrade')).upgradeResult?.result === 0 ? true : undefined));
      // The recorder's blocks arrive parsed into fields (GB/T 19056 appendix A).
      expect(((await replyOf('tachographCollect')) as unknown as { parsed: { time: string } }).parsed.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const speeds = (await admin.post('/gps/sendOrder/send', { commandType: 'tachographCollect', vehicleIds: [vehicle.vehicleId], params: { command: 0x08, startTime: cst(Date.now() - 3 * 3_600_000), endTime: cst(Date.now()), maxBlocks: 3 } }).expect(200)).body;
      const speedOrder = await waitFor('48 h speed records', async () => {
        const order = (await admin.get(`/gps/sendOrder/${speeds.data[0].orderId}`).expect(200)).body.data;
        return order.status === 1 ? order : undefined;
      });
      const records = speedOrder.replyBody.parsed.records as { start: string; samples: unknown[] }[];
      expect(records).toHaveLength(3);
      expect(records.every((record) => record.samples.length === 60)).toBe(true);
      if (edition === '2013') await waitFor('question answer', async () => ((await replyOf('question')).answer?.answerId === 1 ? true : undefined));
      expect(outcomes).toEqual(expected);
      // The dedicated commands never go through the generic send.
      for (const type of ['vehicleControl', 'remoteControl'])
        expect((await admin.post('/gps/sendOrder/send', { commandType: type, vehicleIds: [vehicle.vehicleId], params: {} }).expect(200)).body.errorCode).toBe(7110);
    });
  }
});
