// The offline queue's per-terminal limit (spec §8 7120, queue full) on SQLite and MariaDB: a
// company dispatcher queues orders for an offline vehicle until the limit, one more answers 7120 (alone)
// or fails in its batch line while the other vehicles queue; once the terminal comes online and takes
// its queue, there is room again. Another company's dispatcher hears 8002, as for a missing vehicle.
import { PermissionCache } from '@openfleet/auth';
import { InstructionStatus, Topics } from '@openfleet/contracts';
import { companyUser, register, setOnline, startInstruction, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';

jest.setTimeout(60_000);

describe.each<Engine>(['sqlite', 'mysql'])('instruction queue limit on %s', (engine) => {
  let test: InstructionTestApp;
  let dispatcher: string;
  let stranger: string;
  const send = async (body: object, auth = dispatcher) => (await test.http().post('/gps/sendOrder/send').set('Authorization', auth).send(body).expect(200)).body;
  const queue = (vehicleIds: string[], auth = dispatcher) => send({ commandType: 'rollcall', vehicleIds, offlinePolicy: 'queue', expireMinutes: 5 }, auth);

  beforeAll(async () => {
    test = await startInstruction(engine, { INSTRUCTION_QUEUE_MAX_PER_TERMINAL: '2' });
    await register(test, [vehicleEntry('1', '13900000001', ['10']), vehicleEntry('2', '13900000002', ['10']), vehicleEntry('3', '13900000003', ['20'])]);
    await test.bus.publish(Topics.rolePermissions, [
      { key: 'dispatch', value: { roleId: 'dispatch', actionCodes: ['controlInstruction', 'controlInstruction:search', 'controlInstruction:send'], deleted: false, updatedAt: Date.now() } },
    ]);
    const permissions = test.app.get(PermissionCache);
    await waitFor(() => permissions.allows({ ...companyUser('x'), roleIds: ['dispatch'] }, ['controlInstruction:send']), 5000, 'role');
    dispatcher = await test.tokenFor({ ...companyUser('10'), roleIds: ['dispatch'] });
    stranger = await test.tokenFor({ ...companyUser('20'), roleIds: ['dispatch'] });
    await setOnline(test, ['13900000001', '13900000002'], false);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('queues up to the limit, then answers 7120 without queueing, and has room again once the terminal took its queue', async () => {
    for (let i = 0; i < 2; i++) expect((await queue(['1'])).data[0]).toMatchObject({ status: InstructionStatus.WAITING_RESPONSE, errorCode: 0 });
    const full = await queue(['1']);
    expect(full).toMatchObject({ flag: false, errorCode: 7120 });
    expect(full.data).toMatchObject({ vehicleId: '1', status: InstructionStatus.FAILED, errorCode: 7120 });
    // The refused order is in the log as failed, not waiting: the queue holds two.
    const refused = (await test.http().get(`/gps/sendOrder/${full.data.orderId}`).set('Authorization', dispatcher).expect(200)).body.data;
    expect(refused).toMatchObject({ status: InstructionStatus.FAILED, errorCode: 7120 });

    // A batch: the full terminal's line fails, the other vehicle queues.
    const batch = (await queue(['1', '2'])).data as { vehicleId: string; status: number; errorCode: number }[];
    expect(batch.find((o) => o.vehicleId === '1')).toMatchObject({ status: InstructionStatus.FAILED, errorCode: 7120 });
    expect(batch.find((o) => o.vehicleId === '2')).toMatchObject({ status: InstructionStatus.WAITING_RESPONSE, errorCode: 0 });

    // Online: the two queued orders go out, the queue is empty, a new one may wait again.
    await setOnline(test, ['13900000001'], true);
    const pending = async () => (await test.http().get('/gps/sendOrder/page?size=50').set('Authorization', dispatcher).expect(200)).body.data.records as { vehicleId: string; status: number }[];
    await waitFor(async () => (await pending()).filter((o) => o.vehicleId === '1' && o.status === InstructionStatus.WAITING_RESPONSE).length === 0, 10_000, 'queue flushed');
    await setOnline(test, ['13900000001'], false);
    expect((await queue(['1'])).data[0]).toMatchObject({ status: InstructionStatus.WAITING_RESPONSE, errorCode: 0 });
  });

  it("refuses another company's vehicle like a missing one (8002), before any queue is counted", async () => {
    expect(await queue(['1'], stranger)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await queue(['404'], stranger)).toMatchObject({ flag: false, errorCode: 8002 });
  });
});
