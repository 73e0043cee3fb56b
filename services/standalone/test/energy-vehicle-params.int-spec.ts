// The energy alarm dialog's GB/T 32960 commands (issue 28), on SQLite and MariaDB: an EV logged in
// over real TCP receives 0x80 parameter query, 0x81 parameter set and 0x82 terminal control from
// POST /energy/vehicle-params/*, and answers with the response flag; its answers and the bytes it
// checks are laid out by hand from GB/T 32960.3-2016 §7.5-7.7 (tables 34 and 36), not by our encoder.
// Refusals: a value outside table 34 (7106), an "error" answer (7103), no answer (7117), no link
// (7205), a role without the send action (403), another company (8002).
import { Gb32960Server } from '@openfleet/energy';
import { decodeFrame, encodeFrame, encodeVehicleLogin, Gb32960Deframer, type Gb32960Frame } from '@openfleet/gb32960';
import { formatChinaTime } from '@openfleet/contracts';
import { testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import { connect, type Socket } from 'node:net';
import type { RunningPlatform } from '../src';
import { login, loginAdmin, sleep, waitFor, type ApiClient } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const VIN = 'LSJMEV0000000P001';
const IDLE_VIN = 'LSJMEV0000000P002';
const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const ascii = (text: string) => Buffer.from(text, 'latin1').toString('hex');

/** A GB/T 32960 vehicle on TCP that logs in and then answers whatever the platform asks. */
class SimulatedEv {
  private readonly deframer = new Gb32960Deframer();
  readonly frames: Gb32960Frame[] = [];
  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.frames.push(...this.deframer.push(chunk).map(decodeFrame)));
    socket.on('error', () => undefined);
  }
  static async login(port: number, vin: string): Promise<SimulatedEv> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const socket = connect({ host: '127.0.0.1', port });
      await new Promise((resolve) => socket.once('connect', resolve));
      const ev = new SimulatedEv(socket);
      ev.write(0x01, 0xfe, vin, encodeVehicleLogin({ time: formatChinaTime(Date.now()), serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }));
      const answer = await ev.next((frame) => frame.command === 0x01);
      if (answer.response === 1) return ev;
      socket.destroy();
      await sleep(250);
    }
    throw new Error(`${vin} never logged in`);
  }
  write(command: number, response: number, vin: string, data: Buffer): void {
    this.socket.write(encodeFrame({ command, response, vin, encryption: 1, data }));
  }
  /** The first frame matching, taken from the list. */
  next(match: (frame: Gb32960Frame) => boolean, timeoutMs = 5_000): Promise<Gb32960Frame> {
    return waitFor('a frame from the platform', () => {
      const index = this.frames.findIndex(match);
      return index < 0 ? undefined : this.frames.splice(index, 1)[0];
    }, timeoutMs);
  }
}

async function dropSchemas(prefix: string): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', user: 'root', password: '' });
  const [rows] = await connection.query('SHOW DATABASES');
  for (const { Database } of rows as { Database: string }[]) if (Database.startsWith(prefix)) await connection.query(`DROP DATABASE \`${Database}\``);
  await connection.end();
}

describe.each(['sqlite', 'mysql'] as const)('GB/T 32960 parameters and control through the energy link, on %s', (engine) => {
  const env = testStorageEnv(engine, 'evparams');
  let platform: RunningPlatform;
  let operator: ApiClient;
  let viewer: ApiClient;
  let stranger: ApiClient;
  let ev: SimulatedEv;
  const ids = { ev: '', idle: '' };

  type Envelope = { flag: boolean; errorCode: number; msg: string; data: { response?: number; parameters?: { id: number; key: string; value: number | string }[] } | null };
  const call = async (client: ApiClient, path: string, body: object): Promise<Envelope> => (await client.post(`/energy/vehicle-params/${path}`, body).expect(200)).body;
  /** The platform's command as the EV receives it: a command frame (0xFE) for its VIN. */
  const command = async (id: number) => {
    const frame = await ev.next((f) => f.command === id);
    expect(frame).toMatchObject({ command: id, response: 0xfe, vin: VIN, encryption: 1 });
    return frame;
  };
  const nothingSent = async () => {
    await sleep(200);
    expect(ev.frames.filter((frame) => frame.command >= 0x80)).toEqual([]);
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict', env.DATA_DIR, env as Record<string, string>);
    const admin = await loginAdmin(platform);
    const user = async (account: string, name: string, companyId: string, actionCodes: string[]) => {
      const roleId = await admin.create('/basic/role', { name: account, companyId, roleType: 3, actionCodes });
      await admin.create('/basic/user', { account, name, password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
      return login(platform, account, 'Operator123');
    };
    const companyId = await admin.create('/basic/company', { name: 'EV Params Logistics' });
    const otherId = await admin.create('/basic/company', { name: 'EV Params Rivals' });
    operator = await user('evparams1', 'Operator Alpha', companyId, ['controlInstruction', 'controlInstruction:send']);
    viewer = await user('evparams2', 'Operator Beta', companyId, ['controlInstruction', 'controlInstruction:search']);
    stranger = await user('evparams3', 'Operator Gamma', otherId, ['controlInstruction', 'controlInstruction:send']);
    ids.ev = await admin.create('/basic/vehicle', { plateCode: '京AD0101', plateColor: 5, vehicleType: 1, companyId, vin: VIN });
    ids.idle = await admin.create('/basic/vehicle', { plateCode: '京AD0102', plateColor: 5, vehicleType: 1, companyId, vin: IDLE_VIN });
    ev = await SimulatedEv.login(platform.app.get(Gb32960Server).port(), VIN);
  });

  afterAll(async () => {
    ev?.socket.destroy();
    await platform?.app.close();
    if (engine === 'mysql') await dropSchemas(env.MYSQL_DATABASE_PREFIX!);
  });

  it('queries parameters (0x80): the ids go out, the answer comes back decoded', async () => {
    const pending = call(operator, 'query', { vehicleId: ids.ev, ids: [0x01, 0x02, 0x03, 0x09, 0x05] });
    const frame = await command(0x80);
    // Time BYTE[6], count 5, the ids in the order asked.
    expect(frame.data.subarray(6).toString('hex')).toBe('050102030905');
    // The answer (§7.5): time, count 6, 0x01 WORD 1000 ms, 0x02 WORD 10 s, 0x03 WORD 500 ms, 0x09 BYTE 30 s, 0x04 length 13, 0x05 "ev.example.cn".
    ev.write(0x80, 0x01, VIN, hex(`${frame.data.subarray(0, 6).toString('hex')} 06 01 03e8 02 000a 03 01f4 09 1e 04 0d 05 ${ascii('ev.example.cn')}`));
    const answer = await pending;
    expect(answer).toMatchObject({ flag: true, data: { response: 1, command: 0x80, vin: VIN } });
    expect(answer.data!.parameters).toEqual([
      { id: 1, key: 'localStoragePeriodMs', value: 1000 },
      { id: 2, key: 'reportPeriodS', value: 10 },
      { id: 3, key: 'alarmReportPeriodMs', value: 500 },
      { id: 9, key: 'heartbeatS', value: 30 },
      { id: 4, key: 'platformDomainLength', value: 13 },
      { id: 5, key: 'platformDomain', value: 'ev.example.cn' },
    ]);
  });

  it('sets parameters (0x81) in the table 34 layout; an "error" answer is 7103', async () => {
    const pending = call(operator, 'set', { vehicleId: ids.ev, parameters: [{ id: 0x03, value: 200 }, { id: 0x02, value: 5 }, { id: 0x09, value: 20 }, { id: 0x10, value: 1 }] });
    const frame = await command(0x81);
    expect(frame.data.subarray(6).toString('hex')).toBe(['04', '03 00c8', '02 0005', '09 14', '10 01'].join('').replace(/\s/g, ''));
    ev.write(0x81, 0x01, VIN, frame.data.subarray(0, 6));
    expect(await pending).toMatchObject({ flag: true, data: { response: 1, command: 0x81 } });

    const refused = call(operator, 'set', { vehicleId: ids.ev, parameters: [{ id: 0x02, value: 30 }] });
    const second = await command(0x81);
    ev.write(0x81, 0x02, VIN, second.data.subarray(0, 6));
    expect(await refused).toMatchObject({ flag: false, errorCode: 7103 });
  });

  it('sends terminal control 0x06 (alarm/warning) with its level and GBK text', async () => {
    const pending = call(operator, 'control', { vehicleId: ids.ev, command: 6, alarmLevel: 3, text: '电池过温' });
    const frame = await command(0x82);
    // 0x06, level 3, "电池过温" in GBK: B5E7 B3D8 B9FD CEC2.
    expect(frame.data.subarray(6).toString('hex')).toBe('0603b5e7b3d8b9fdcec2');
    ev.write(0x82, 0x01, VIN, frame.data.subarray(0, 7));
    expect(await pending).toMatchObject({ flag: true, data: { response: 1, command: 0x82 } });
  });

  it('refuses before sending: out of range 7106, no link 7205; no answer is 7117', async () => {
    expect(await call(operator, 'set', { vehicleId: ids.ev, parameters: [{ id: 0x09, value: 241 }] })).toMatchObject({ flag: false, errorCode: 7106 });
    expect(await call(operator, 'set', { vehicleId: ids.ev, parameters: [{ id: 0x07, value: 'HW1' }] })).toMatchObject({ flag: false, errorCode: 7106 });
    // Not a command of table 36: refused by validation (HTTP 400 with the envelope).
    expect((await operator.post('/energy/vehicle-params/control', { vehicleId: ids.ev, command: 9 })).body).toMatchObject({ flag: false, errorCode: 400 });
    await nothingSent();
    expect(await call(operator, 'query', { vehicleId: ids.idle })).toMatchObject({ flag: false, errorCode: 7205 });
    const silent = await call(operator, 'query', { vehicleId: ids.ev, ids: [0x02], timeoutS: 1 });
    expect(silent).toMatchObject({ flag: false, errorCode: 7117 });
    await command(0x80);
  });

  it('needs the send action, and another company gets the answer of an unknown vehicle', async () => {
    expect((await call(viewer, 'query', { vehicleId: ids.ev })).errorCode).toBe(403);
    expect((await call(stranger, 'query', { vehicleId: ids.ev })).errorCode).toBe(8002);
    expect((await call(stranger, 'set', { vehicleId: ids.ev, parameters: [{ id: 0x02, value: 30 }] })).errorCode).toBe(8002);
    expect((await call(stranger, 'query', { vehicleId: '999999' })).errorCode).toBe(8002);
    await nothingSent();
  });
});
