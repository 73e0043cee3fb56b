import type { EventBus, SubscribeOptions } from '@openfleet/bus';
import { Topics, type AlarmEvent, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import type { VehicleRegistry } from '@openfleet/auth';
import type { FindOperator, Repository } from 'typeorm';
import type { ForwarderConfig } from '../forwarder-config';
import type { ActivePlatform, LinkManager } from '../link/link-manager.service';
import type { ForwardBacklog } from './backlog.entity';
import { ForwardingService } from './forwarding.service';
import { gnssOf } from './gnss-of';

const T0 = 1_732_000_000;
const vehicles: Record<string, VehicleRegistryEntry> = {
  '13800000001': { vehicleId: 'va', plateCode: 'A1', plateColor: 2, companyId: '7', terminalPhone: '13800000001' } as VehicleRegistryEntry,
  '13800000002': { vehicleId: 'vb', plateCode: 'B2', plateColor: 2, companyId: '7', terminalPhone: '13800000002' } as VehicleRegistryEntry,
  '13800000003': { vehicleId: 'vc', plateCode: 'C3', plateColor: 1, companyId: '9', terminalPhone: '13800000003' } as VehicleRegistryEntry,
};
const position = (phone: string, gpsTimeS: number): Position => ({ terminalPhone: phone, vehicleId: '', gpsTimeS, receivedAtMs: 0, latitudeE6: 22_500_000, longitudeE6: 114_000_000, altitudeM: 10, speedDkmh: 500, directionDeg: 90, alarmFlags: 0, statusFlags: 3, mileageHm: 100, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: '' });

interface Sent {
  msgId: number;
  body: { vehicleNo: string; dataType: number; data: Record<string, unknown> };
}

/** One superior platform's link: records what it sends; `refuseAfter` sends fail from that count on. */
class FakeLink {
  online = false;
  readonly sent: Sent[] = [];
  refuseAfter = Infinity;
  gate?: Promise<void>;
  async send(msgId: number, body: Sent['body']): Promise<boolean> {
    if (this.gate) await this.gate;
    if (this.sent.length >= this.refuseAfter) return false;
    this.sent.push({ msgId, body });
    return true;
  }
}

/** forward_backlog in memory: ids in insertion order. */
class BacklogTable {
  rows: ForwardBacklog[] = [];
  private nextId = 1;
  create(row: Partial<ForwardBacklog>) {
    return { ...row } as ForwardBacklog;
  }
  async insert(rows: ForwardBacklog[]) {
    for (const row of rows) this.rows.push({ ...row, id: this.nextId++ });
  }
  async find({ where, take }: { where: { platformId: number }; take: number }) {
    return this.rows.filter((row) => row.platformId === where.platformId).slice(0, take);
  }
  async delete({ id }: { id: FindOperator<number[]> }) {
    const gone = new Set(id.value as unknown as number[]);
    this.rows = this.rows.filter((row) => !gone.has(row.id));
  }
  async countBy({ platformId }: { platformId: number }) {
    return this.rows.filter((row) => row.platformId === platformId).length;
  }
}

// Every service a test started is stopped after it (its backlog poll would otherwise outlive the test).
const started: ForwardingService[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((service) => service.onModuleDestroy()));
});

async function setUp(options: { edition?: '2011' | '2019'; backlogMax?: number; loaded?: Promise<void>; registryReady?: Promise<void> } = {}) {
  const link = new FakeLink();
  const active = { platform: { id: 1, edition: options.edition ?? '2011', platformCode: 'P1' }, link, companies: new Set(['7']), vehicles: new Set<string>() } as unknown as ActivePlatform;
  const onlineHooks: ((active: ActivePlatform) => Promise<void> | void)[] = [];
  // The platform's forwarding group is company 7.
  const links = { onOnline: (hook: (typeof onlineHooks)[number]) => onlineHooks.push(hook), platformsFor: (vehicle: VehicleRegistryEntry) => (vehicle.companyId === '7' ? [active] : []), all: () => [active][Symbol.iterator](), byId: (id: number) => (id === 1 ? active : undefined), loaded: options.loaded ?? Promise.resolve() };
  const handlers = new Map<string, (messages: { value: unknown }[]) => Promise<void>>();
  const bus = { subscribe: async (topic: { name: string }, subscription: SubscribeOptions<unknown>) => (handlers.set(topic.name, subscription.handle as never), { group: subscription.group, close: async () => undefined }) };
  const registry = { find: (of: { terminalPhone: string }) => vehicles[of.terminalPhone], ready: options.registryReady ?? Promise.resolve() };
  const backlog = new BacklogTable();
  const config = { FORWARDER_809_GROUP: 'forwarder-809', FORWARDER_809_BACKLOG_MAX: options.backlogMax ?? 1000 } as ForwarderConfig;
  const service = new ForwardingService(bus as unknown as EventBus, config, backlog as unknown as Repository<ForwardBacklog>, links as unknown as LinkManager, registry as unknown as VehicleRegistry);
  started.push(service);
  await service.onModuleInit();
  const positions = (...list: Position[]) => handlers.get(Topics.position.name)!(list.map((value) => ({ value })));
  const alarms = (...list: AlarmEvent[]) => handlers.get(Topics.alarm.name)!(list.map((value) => ({ value })));
  const comeOnline = async () => {
    link.online = true;
    for (const hook of onlineHooks) await hook(active);
  };
  return { service, link, active, backlog, positions, alarms, comeOnline };
}

const reissued = (sent: Sent[]) => sent.map((message) => [message.body.dataType, message.body.vehicleNo, ((message.body.data.positions as { time: string }[] | undefined) ?? []).length]);

describe('forwarding to superior platforms (0x1200 / 0x1400)', () => {
  it('sends a position of a vehicle in the platform\'s group live, in the platform\'s edition; others not at all', async () => {
    const { link, backlog, positions } = await setUp({ edition: '2011' });
    link.online = true;
    await positions(position('13800000001', T0), position('13800000003', T0));
    expect(link.sent).toEqual([{ msgId: 0x1200, body: { vehicleNo: 'A1', vehicleColor: 2, dataType: 0x1202, data: { position: gnssOf(position('13800000001', T0), '2011', 'P1') } } }]);
    expect(backlog.rows).toEqual([]);
  });

  it('holds a batch that arrives before the platforms are read and the registry caught up, then forwards it (never committed unsent)', async () => {
    let platformsRead!: () => void;
    let registryCaughtUp!: () => void;
    const loaded = new Promise<void>((resolve) => (platformsRead = resolve));
    const registryReady = new Promise<void>((resolve) => (registryCaughtUp = resolve));
    const { link, positions } = await setUp({ loaded, registryReady });
    link.online = true;
    let handled = false;
    const batch = positions(position('13800000001', T0)).then(() => (handled = true));
    platformsRead();
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toBe(false);
    expect(link.sent).toEqual([]);
    registryCaughtUp();
    await batch;
    expect(link.sent.map((message) => message.body.vehicleNo)).toEqual(['A1']);
  });

  it('keeps positions while the link is down and reissues them in order with 0x1203: at most 5 a message, one vehicle each', async () => {
    const { link, backlog, positions, comeOnline } = await setUp();
    const a = Array.from({ length: 7 }, (_, i) => position('13800000001', T0 + i));
    await positions(...a, position('13800000002', T0), position('13800000001', T0 + 7));
    expect(link.sent).toEqual([]);
    expect(backlog.rows).toHaveLength(9);
    await comeOnline();
    expect(reissued(link.sent)).toEqual([
      [0x1203, 'A1', 5],
      [0x1203, 'A1', 2],
      [0x1203, 'B2', 1],
      [0x1203, 'A1', 1],
    ]);
    expect(backlog.rows).toEqual([]);
    await positions(position('13800000001', T0 + 100));
    expect(link.sent.at(-1)!.body.dataType).toBe(0x1202); // live again
  });

  it('queues a position that arrives during the reissue behind the backlog, never ahead of it', async () => {
    const { link, active, service, positions } = await setUp();
    await positions(position('13800000001', T0), position('13800000001', T0 + 1));
    link.online = true;
    let open!: () => void;
    link.gate = new Promise((resolve) => (open = resolve));
    const draining = service.drain(active);
    await positions(position('13800000001', T0 + 2));
    link.gate = undefined;
    open();
    await draining;
    expect(reissued(link.sent)).toEqual([
      [0x1203, 'A1', 2],
      [0x1203, 'A1', 1],
    ]);
  });

  it('stops the reissue at a refused send and keeps the rest, in order, for the next time', async () => {
    const { link, backlog, positions, comeOnline } = await setUp();
    await positions(position('13800000001', T0), position('13800000002', T0), position('13800000001', T0 + 1));
    link.refuseAfter = 1;
    await comeOnline();
    expect(reissued(link.sent)).toEqual([[0x1203, 'A1', 1]]);
    expect(backlog.rows.map((row) => [row.vehicleNo, row.gpsTimeS])).toEqual([
      ['B2', T0],
      ['A1', T0 + 1],
    ]);
  });

  it('bounds the backlog: beyond the limit the oldest positions go', async () => {
    const { backlog, positions } = await setUp({ backlogMax: 3 });
    await positions(...[0, 1, 2, 3, 4].map((i) => position('13800000001', T0 + i)));
    expect(backlog.rows.map((row) => row.gpsTimeS)).toEqual([T0 + 2, T0 + 3, T0 + 4]);
  });

  it('follows 0x9205/0x9206 over the group: a stopped vehicle is not sent, a started one outside the group is', async () => {
    const { link, service, positions } = await setUp();
    link.online = true;
    service.setRequested(1, 'va', false);
    service.setRequested(1, 'vc', true);
    await positions(position('13800000001', T0), position('13800000003', T0));
    expect(link.sent.map((message) => message.body.vehicleNo)).toEqual(['C3']);
  });

  it('forwards an alarm when it starts (or is instantaneous), not its updates or end; type mapped to the 809 warning type', async () => {
    const { link, alarms } = await setUp({ edition: '2011' });
    link.online = true;
    const alarm = (over: Partial<AlarmEvent>): AlarmEvent => ({ alarmId: '1', terminalPhone: '13800000001', type: 'overspeed', level: 1, source: 'terminal', startedAt: T0 * 1000, latitude: 22.5, longitude: 114, speedKmh: 88, detail: {}, ...over }) as AlarmEvent;
    await alarms(alarm({}), alarm({ endedAt: T0 * 1000 + 60_000 }), alarm({ type: 'fenceIn', source: 'platform', endedAt: T0 * 1000 }), alarm({ type: 'somethingNew' }));
    expect(link.sent.map((message) => [message.msgId, message.body.dataType, message.body.data.warnType, message.body.data.warnSrc])).toEqual([
      [0x1400, 0x1402, 0x0001, 1],
      [0x1400, 0x1402, 0x0004, 2],
      [0x1400, 0x1402, 0x000e, 1],
    ]);
    expect(link.sent[0].body.data).toMatchObject({ warnTime: T0, infoContent: 'overspeed 88 km/h' });
  });
});
