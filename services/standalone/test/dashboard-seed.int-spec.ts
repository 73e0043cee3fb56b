// The big screen after a restart: today's mileage and alarms come back from tracking's day
// statistics and the alarm service (the hub asks them over HTTP once it listens), so the wall shows
// the same day figures as before the restart, not zeros.
import { chinaDayStart, HubCommand, HubEvent, type ClientToServerEvents, type DashboardPayload, type ServerToClientEvents } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, waitFor, type ApiClient } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const STEP_MS = 60_000;
const settings = { DASHBOARD_TICK_MS: '300', DASHBOARD_TREND_STEP_MS: String(STEP_MS) };

/** The super administrator's newest push, once `ready` accepts one. */
async function pushedFigures(platform: RunningPlatform, admin: ApiClient, ready: (payload: DashboardPayload) => boolean): Promise<DashboardPayload> {
  const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, { path: '/socket.io', auth: { token: admin.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
  try {
    let last: DashboardPayload | undefined;
    socket.on(HubEvent.dashboard, (payload) => (last = payload));
    await new Promise((resolve, reject) => (socket.on('connect', () => resolve(undefined)), socket.on('connect_error', reject)));
    expect(await socket.emitWithAck(HubCommand.dashboard, { follow: true })).toMatchObject({ flag: true });
    return await waitFor('dashboard figures', () => (last && ready(last) ? last : undefined), 20_000);
  } finally {
    socket.close();
  }
}

describe('big screen: today’s figures survive an api restart', () => {
  let platform: RunningPlatform | undefined;
  let terminal: TestTerminal | undefined;

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
  });

  it('pushes the same mileage and alarm counts after a restart, seeded from tracking and the alarm service', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-dashboard-seed-'));
    platform = await startTestPlatform('strict', dataDir, settings);
    let admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Wall Logistics' });
    const vehicle = await provisionVehicle(admin, companyId, { sim: '13300000071', plate: '京H70001', terminalCode: 'WAL0001', version: '2013' });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
    // 12.5 km by the odometer in three positions, then an emergency and an overspeed alarm (and the
    // emergency's end: an update, not a new alarm).
    const start = Date.now() - 120_000;
    const report = async (i: number, mileageKm: number, alarm: number) => {
      const body = locationBody(i, new Date(start + i * 20_000));
      await terminal!.expectAck(terminal!.send(0x0200, { ...body, alarm, extras: [{ id: 0x01, kind: 'mileageKm', value: mileageKm }] }));
    };
    await report(0, 1000, 0);
    await report(1, 1005, 0);
    await report(2, 1012.5, 1 | 2);
    await report(3, 1012.5, 2);
    const before = await pushedFigures(platform, admin, (payload) => payload.mileageKm === 12.5 && payload.alarms.total === 2);
    expect(before.alarms).toEqual({ total: 2, byLevel: [1, 1, 0, 0], byType: [{ key: 'emergency', count: 1 }, { key: 'overspeed', count: 1 }] });
    expect(before.topCompaniesByMileage).toEqual([{ companyId, value: 12.5 }]);

    terminal.close();
    terminal = undefined;
    await platform.app.close();
    platform = await startTestPlatform('strict', dataDir, settings);
    admin = await loginAdmin(platform);
    const after = await pushedFigures(platform, admin, (payload) => payload.mileageKm > 0 && payload.alarms.total > 0);
    expect({ mileageKm: after.mileageKm, alarms: after.alarms, topCompaniesByMileage: after.topCompaniesByMileage, topCompaniesByAlarms: after.topCompaniesByAlarms })
      .toEqual({ mileageKm: 12.5, alarms: before.alarms, topCompaniesByMileage: [{ companyId, value: 12.5 }], topCompaniesByAlarms: [{ companyId, value: 2 }] });
    // The trend has every step since midnight again (tracking's online spells), then the live point.
    const steps = after.onlineTrend.slice(0, -1).map((point) => point.at);
    expect(steps[0]).toBe(chinaDayStart(after.day));
    expect(steps.length).toBe(Math.floor((after.at - chinaDayStart(after.day)) / STEP_MS) + 1);
    expect(steps.every((at, i) => at === steps[0] + i * STEP_MS)).toBe(true);
  });
});
