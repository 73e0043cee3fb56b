// Remote control checks the vehicle's state (issue 28), on SQLite and MariaDB: a 2019 terminal on
// real TCP reports its status word (JT/T 808-2019 table 25), the extended vehicle signals (0x25,
// table 31) and CAN frames (0x0705) decoded through the CAN signal table; the instruction service
// reads the newest condition through tracking's API and refuses each unsafe operation with its code
// (3039, 3041-3048, 3050-3055) before anything reaches the terminal, lets a safe one go, and the
// lock wizard refuses to lock open doors. A role with remote control only does it; a role without
// it is refused; another company's operator gets the answer of an unknown vehicle.
import { formatChinaTime } from '@openfleet/contracts';
import { InstructionModule } from '@openfleet/instruction';
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { SMS_PROVIDER } from '@openfleet/service-kit';
import { testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(180_000);

// Status word bits (table 25) and 0x25 bits (table 31).
const ACC = 1 << 0;
const LOCATED = 1 << 1;
const OIL_CUT = 1 << 10;
const DOORS_LOCKED = 1 << 12;
const FRONT_DOOR_OPEN = 1 << 13;
const REVERSE = 1 << 5;
const PARKED = LOCATED | DOORS_LOCKED;

// One body-control frame (bus 0x18FF0A00, Intel): bit 0 handbrake applied, bit 1 trunk open,
// bit 2 hood open, bit 3 window open, byte 1 gear (GB/T 32960 coding: 0x0F park, 0x0E drive),
// bytes 2-3 battery in 0.01 V, byte 4 fuel in %.
const BUS = 0x18ff0a00;
const SIGNALS = [
  { name: '手刹状态', startBit: 0, bitLength: 1, factor: 1, unit: '' },
  { name: '后备箱状态', startBit: 1, bitLength: 1, factor: 1, unit: '' },
  { name: '引擎盖状态', startBit: 2, bitLength: 1, factor: 1, unit: '' },
  { name: '车窗状态', startBit: 3, bitLength: 1, factor: 1, unit: '' },
  { name: '档位', startBit: 8, bitLength: 8, factor: 1, unit: '' },
  { name: '蓄电池电压', startBit: 16, bitLength: 16, factor: 0.01, unit: 'V' },
  { name: '燃油液位', startBit: 32, bitLength: 8, factor: 1, unit: '%' },
];
interface Body { handbrake: boolean; trunk: boolean; hood: boolean; window: boolean; gear: number; batteryV: number; fuelPercent: number }
const SAFE: Body = { handbrake: true, trunk: false, hood: false, window: false, gear: 0x0f, batteryV: 12.6, fuelPercent: 60 };
function frameHex(body: Body): string {
  const bytes = Buffer.alloc(8, 0xff);
  bytes[0] = (body.handbrake ? 1 : 0) | (body.trunk ? 2 : 0) | (body.hood ? 4 : 0) | (body.window ? 8 : 0);
  bytes[1] = body.gear;
  bytes.writeUInt16LE(Math.round(body.batteryV * 100), 2);
  bytes[4] = body.fuelPercent;
  return bytes.toString('hex');
}

async function dropSchemas(prefix: string): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', user: 'root', password: '' });
  const [rows] = await connection.query('SHOW DATABASES');
  for (const { Database } of rows as { Database: string }[]) if (Database.startsWith(prefix)) await connection.query(`DROP DATABASE \`${Database}\``);
  await connection.end();
}

describe.each(['sqlite', 'mysql'] as const)('remote control checks the vehicle state, on %s', (engine) => {
  const env = testStorageEnv(engine, 'remotechk');
  let platform: RunningPlatform;
  let admin: ApiClient;
  let remoteUser: ApiClient;
  let viewer: ApiClient;
  let stranger: ApiClient;
  let vehicle: ProvisionedVehicle;
  let terminal: TestTerminal;
  // GNSS times in whole seconds, each report one second after the last (tracking keeps the newest).
  let gpsTime = Math.floor(Date.now() / 1000) * 1000 - 180_000;
  // A 0x0500 carries a position too: older than every report, so it never stands for the newest state.
  const replyTime = new Date(gpsTime - 600_000);
  let canMs = 0;

  type Envelope = { flag: boolean; errorCode: number; msg: string; data: { orderId?: string; status?: number; check?: string } | null };
  const remote = async (client: ApiClient, operation: string): Promise<Envelope> => (await client.post('/gps/remoteControl/send', { vehicleId: vehicle.vehicleId, operation }).expect(200)).body;
  const condition = async () => (await admin.get(`/gps/vehicle-condition?vehicleIds=${vehicle.vehicleId}`).expect(200)).body.data.records[0] as { statusFlags: number | null; extendedSignals: number | null; can: { name: string; value: number }[] };

  /** A 0x0200 with this status word and 0x25 word, acknowledged and seen by tracking's condition. */
  async function report(status: number, extendedSignals = 0): Promise<void> {
    gpsTime += 1000;
    const serial = terminal.send(0x0200, { alarm: 0, status, latitude: 39.9, longitude: 116.4, altitude: 10, speed: 0, direction: 0, time: new Date(gpsTime), extras: [{ id: 0x25, kind: 'extendedSignalStatus', value: extendedSignals }] });
    await terminal.expectAck(serial);
    await waitFor('the condition in tracking', async () => {
      const now = await condition();
      return (now?.statusFlags === status && now.extendedSignals === extendedSignals) || undefined;
    });
  }

  /** A 0x0705 with one body-control frame, seen decoded by tracking's condition. */
  async function can(body: Body): Promise<void> {
    canMs += 10;
    const clock = formatChinaTime(Date.now() - 60_000).slice(11).replace(/:/g, '');
    terminal.send(0x0705, { receiveTime: `${clock}${String(canMs % 10_000).padStart(4, '0')}`, items: [{ canId: BUS, data: frameHex(body) }] });
    await waitFor('the CAN frame in tracking', async () => {
      const values = new Map((await condition()).can.map((value) => [value.name, value.value]));
      return (values.get('燃油液位') === body.fuelPercent && values.get('档位') === body.gear && values.get('手刹状态') === (body.handbrake ? 1 : 0) && values.get('车窗状态') === (body.window ? 1 : 0) && values.get('后备箱状态') === (body.trunk ? 1 : 0) && values.get('引擎盖状态') === (body.hood ? 1 : 0) && Math.abs((values.get('蓄电池电压') ?? 0) - body.batteryV) < 0.001) || undefined;
    });
  }

  /** The operation goes out as 0x8500 with this control item, and the terminal's 0x0500 makes it a success. */
  async function sentAndAnswered(operation: string, item: { id: number; param: string }): Promise<void> {
    const answer = await remote(remoteUser, operation);
    expect(answer).toMatchObject({ flag: true, data: { status: 7 } });
    const control = await terminal.expect((m) => m.msgId === 0x8500);
    expect(control.body).toEqual({ items: [item] });
    terminal.send(0x0500, { replySerial: control.serial, location: { alarm: 0, status: PARKED, latitude: 39.9, longitude: 116.4, altitude: 10, speed: 0, direction: 0, time: replyTime, extras: [] } });
    await waitFor(`order ${answer.data!.orderId} to succeed`, async () => ((await admin.get(`/gps/sendOrder/${answer.data!.orderId}`).expect(200)).body.data.status === 1) || undefined);
  }

  async function refused(operation: string, errorCode: number, check: string, client = remoteUser): Promise<void> {
    const answer = await remote(client, operation);
    expect(answer).toMatchObject({ flag: false, errorCode, data: { operation, check } });
    expect(answer.msg).toBeTruthy();
    await expect(terminal.expect((m) => m.msgId === 0x8500, 200)).rejects.toThrow('timed out');
  }

  beforeAll(async () => {
    platform = await startTestPlatform('strict', env.DATA_DIR, { ...(env as Record<string, string>), INSTRUCTION_REMOTE_START_MAX: '1' });
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Remote Check Logistics' });
    const otherId = await admin.create('/basic/company', { name: 'Remote Check Rivals' });
    const user = async (account: string, company: string, actionCodes: string[]) => {
      const roleId = await admin.create('/basic/role', { name: account, companyId: company, roleType: 3, actionCodes });
      await admin.create('/basic/user', { account, name: `Operator ${'ABC'[Number(account.at(-1)) - 1]}`, password: 'Operator123', userType: 1, companyId: company, roleIds: [Number(roleId)] });
      return login(platform, account, 'Operator123');
    };
    // Remote control only: neither the vehicleCondition screen nor the order log.
    remoteUser = await user('remotechk1', companyId, ['remoteControl', 'remoteControl:send', 'remoteOperationLog', 'remoteOperationLog:search']);
    viewer = await user('remotechk2', companyId, ['remoteOperationLog', 'remoteOperationLog:search']);
    stranger = await user('remotechk3', otherId, ['remoteControl', 'remoteControl:send']);
    vehicle = await provisionVehicle(admin, companyId, { sim: '13700000051', plate: '京R70051', terminalCode: 'RMT0051', version: '2019' });
    for (const signal of SIGNALS) {
      const added = (await admin.post('/gps/can/signals', { ...signal, busId: BUS, byteOrder: 'intel', signed: false, offset: 0 }).expect(200)).body;
      expect(added.flag).toBe(true);
    }
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
    await waitFor('the terminal online', async () => {
      const rows = (await admin.get(`/gps/position/findLatestPositions?vehicleIds=${vehicle.vehicleId}`).expect(200)).body.data as { vehicleStatus: number }[];
      return rows[0]?.vehicleStatus === 1 || undefined;
    });
    await sleep(300);
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
    if (engine === 'mysql') await dropSchemas(env.MYSQL_DATABASE_PREFIX!);
  });

  it('refuses an engine start before any status word (3046), but locks the doors', async () => {
    await refused('engineStart', 3046, 'statusWord');
    await sentAndAnswered('doorLock', { id: 0x0001, param: '01' });
  });

  it('refuses each unsafe engine start with its code, from the status word, 0x25 and CAN', async () => {
    await report(PARKED | FRONT_DOOR_OPEN);
    await refused('engineStart', 3050, 'doors');
    await refused('doorLock', 3050, 'doors');
    await report(LOCATED);
    await refused('engineStart', 3046, 'doorLock');
    await report(PARKED | ACC);
    await refused('engineStart', 3048, 'acc');
    // Running, started with the key: only the key stops it.
    await refused('engineStop', 3041, 'keyStart');
    await report(PARKED, REVERSE);
    await refused('engineStart', 3044, 'gear');
    await report(PARKED | OIL_CUT);
    await refused('engineStart', 3054, 'oilCircuitCut');
    await report(PARKED);
    await can({ ...SAFE, gear: 0x0e });
    await refused('engineStart', 3044, 'gear');
    await can({ ...SAFE, handbrake: false });
    await refused('engineStart', 3045, 'handbrake');
    await can({ ...SAFE, window: true });
    await refused('engineStart', 3047, 'windows');
    await can({ ...SAFE, trunk: true });
    await refused('engineStart', 3051, 'trunk');
    await refused('doorLock', 3051, 'trunk');
    await can({ ...SAFE, hood: true });
    await refused('engineStart', 3052, 'hood');
    await can({ ...SAFE, batteryV: 11.2 });
    await refused('engineStart', 3053, 'battery');
    await can({ ...SAFE, fuelPercent: 4 });
    await refused('engineStart', 3054, 'fuel');
  });

  it('starts a safe vehicle, then refuses unlock, window lowering and a second start, and stops it', async () => {
    await can(SAFE);
    await sentAndAnswered('engineStart', { id: 0xf001, param: '01' });
    await report(PARKED | ACC);
    await refused('doorUnlock', 3042, 'remoteStart');
    await refused('windowOpen', 3043, 'remoteStart');
    await refused('engineStart', 3055, 'startLimit');
    await sentAndAnswered('engineStop', { id: 0xf001, param: '00' });
    await report(PARKED);
    await refused('engineStop', 3039, 'acc');
    // The remote start is over: unlocking is fine again.
    await sentAndAnswered('doorUnlock', { id: 0x0001, param: '00' });
  });

  it('the lock wizard refuses to lock open doors, and locks them once closed', async () => {
    expect((await admin.put(`/gps/vehicleLimit/${vehicle.vehicleId}`, { capable: true, authPhone: '13811115151', password: 'Limit#2026' }).expect(200)).body.flag).toBe(true);
    const wizardId = (await admin.post('/gps/vehicleLimit/start', { vehicleId: vehicle.vehicleId, action: 'lock', reason: '欠费' }).expect(200)).body.data.wizardId as string;
    const sms = platform.app.select(InstructionModule).get<{ lastText: Map<string, string> }>(SMS_PROVIDER);
    const code = /(\d{6})/.exec(sms.lastText.get('13811115151') ?? '')![1];
    expect((await admin.post('/gps/vehicleLimit/verify', { wizardId, code }).expect(200)).body.flag).toBe(true);
    await report(LOCATED | FRONT_DOOR_OPEN);
    expect((await admin.post('/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' }).expect(200)).body).toMatchObject({ flag: false, errorCode: 3050, data: { check: 'doors' } });
    await expect(terminal.expect((m) => m.msgId === 0x8500, 200)).rejects.toThrow('timed out');
    await report(LOCATED);
    expect((await admin.post('/gps/vehicleLimit/confirm', { wizardId, password: 'Limit#2026' }).expect(200)).body).toMatchObject({ flag: true, data: { status: 7 } });
    const control = await terminal.expect((m) => m.msgId === 0x8500);
    expect(control.body).toEqual({ items: [{ id: 0x0001, param: '01' }] });
    terminal.send(0x0500, { replySerial: control.serial, location: { alarm: 0, status: PARKED, latitude: 39.9, longitude: 116.4, altitude: 10, speed: 0, direction: 0, time: replyTime, extras: [] } });
  });

  it('logs every refusal with its check; a role without remote control and another company are refused', async () => {
    const log = (await remoteUser.get(`/gps/remoteControl/log?vehicleId=${vehicle.vehicleId}&size=100`).expect(200)).body.data.records as { operation: string; result: number; errorCode: number; detail: string }[];
    for (const code of [3039, 3041, 3042, 3043, 3044, 3045, 3046, 3047, 3048, 3050, 3051, 3052, 3053, 3054, 3055]) expect(log.some((row) => row.errorCode === code && row.result === 0)).toBe(true);
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ operation: 'engineStart', errorCode: 3046, detail: 'refused before sending: statusWord never reported' })]));
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ operation: 'lock', errorCode: 3050, detail: 'step 3, refused: doors' })]));
    expect((await remote(viewer, 'doorLock')).errorCode).toBe(403);
    expect((await viewer.get(`/gps/vehicle-condition/control-state?vehicleId=${vehicle.vehicleId}`).expect(200)).body.errorCode).toBe(403);
    expect((await remote(stranger, 'doorLock')).errorCode).toBe(8002);
    expect((await stranger.get(`/gps/vehicle-condition/control-state?vehicleId=${vehicle.vehicleId}`).expect(200)).body.errorCode).toBe(8002);
    expect((await remoteUser.get(`/gps/vehicle-condition/control-state?vehicleId=${vehicle.vehicleId}`).expect(200)).body.data).toMatchObject({ vehicleId: vehicle.vehicleId, statusFlags: LOCATED });
  });
});
