// Vehicle scope through the tracking API: a grant on a parent company or fleet reaches the vehicles
// below it, and a sibling company's vehicles stay invisible (8002), on both storage engines.
import type { AuthUser } from '@openfleet/auth';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import { companyUser, grantRole, register, startTracking, vehicle, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

// Group 30 -> subsidiaries 31 and 32 -> branch 33 under 31; fleet 40 -> 41 in branch 33.
const inFleet = (entry: VehicleRegistryEntry, fleetPath: string[]): VehicleRegistryEntry => ({ ...entry, fleetPath });
const VEHICLES = [
  vehicle('301', '13900000301', ['30', '31']),
  inFleet(vehicle('302', '13900000302', ['30', '31', '33']), ['40', '41']),
  vehicle('303', '13900000303', ['30', '32']),
];

describe.each<Engine>(['sqlite', 'mysql'])('tracking vehicle scope on %s', (engine) => {
  let test: TrackingTestApp;
  const visible = async (user: AuthUser) => {
    const token = await test.tokenFor({ ...user, roleIds: ['scope-viewer'] });
    const body = (await test.http().get('/gps/position/findLatestPositions').set('Authorization', token).expect(200)).body;
    return (body.data as { vehicleId: string }[]).map((row) => row.vehicleId).sort();
  };
  const fleetUser = (fleet: string): AuthUser => ({ ...companyUser('30'), scope: { companies: [], fleets: [fleet] } });

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, VEHICLES);
    await grantRole(test, 'scope-viewer', ['multiCar', 'historyTrack:search']);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('a parent company sees its child companies, a subsidiary its branch, a sibling nothing of the other', async () => {
    expect(await visible(companyUser('30'))).toEqual(['301', '302', '303']);
    expect(await visible(companyUser('31'))).toEqual(['301', '302']);
    expect(await visible(companyUser('32'))).toEqual(['303']);
    expect(await visible(companyUser('33'))).toEqual(['302']);
  });

  it('a parent fleet sees its child fleet; a child fleet does not see up', async () => {
    expect(await visible(fleetUser('40'))).toEqual(['302']);
    expect(await visible(fleetUser('41'))).toEqual(['302']);
    expect(await visible(fleetUser('42'))).toEqual([]);
  });

  it('refuses a sibling company one vehicle at a time (8002)', async () => {
    const token = await test.tokenFor({ ...companyUser('32'), roleIds: ['scope-viewer'] });
    const latest = (await test.http().get('/gps/position/findLatestPositions?vehicleIds=301').set('Authorization', token).expect(200)).body;
    expect(latest).toMatchObject({ flag: false, errorCode: 8002 });
    const track = (await test.http().get('/gps/vtrack/findHistoryTrack?vehicleId=302&startTime=2026-11-20&endTime=2026-11-21').set('Authorization', token).expect(200)).body;
    expect(track).toMatchObject({ flag: false, errorCode: 8002 });
  });
});
