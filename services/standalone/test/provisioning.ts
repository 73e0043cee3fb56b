// What an operator does before terminals can connect under `strict` registration: companies,
// vehicles, SIM cards and terminals created and bound through the admin API. Shared by the
// standalone integration tests.
import { TestTerminal } from '@openfleet/gateway-808/testing';
import type { Jt808Version } from '@openfleet/jt808';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { TEST_ADMIN_PASSWORD } from './test-platform';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiClient {
  token: string;
  get(path: string): request.Test;
  post(path: string, body: object): request.Test;
  put(path: string, body: object): request.Test;
  del(path: string): request.Test;
  /** POST that must succeed (flag true); answers `data`. */
  create(path: string, body: object): Promise<string>;
}

export function apiClient(platform: RunningPlatform, token: string): ApiClient {
  const http = () => request(platform.app.getHttpServer());
  const client: ApiClient = {
    token,
    get: (path) => http().get(path).set('Authorization', token),
    post: (path, body) => http().post(path).set('Authorization', token).send(body),
    put: (path, body) => http().put(path).set('Authorization', token).send(body),
    del: (path) => http().delete(path).set('Authorization', token),
    create: async (path, body) => {
      const response = await client.post(path, body);
      if (response.status !== 200 || !response.body.flag) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
      return String(response.body.data.id ?? response.body.data);
    },
  };
  return client;
}

export async function login(platform: RunningPlatform, username: string, password: string): Promise<ApiClient> {
  const response = await request(platform.app.getHttpServer()).post('/login').send({ username, password }).expect(200);
  if (!response.body.flag) throw new Error(`login ${username}: ${JSON.stringify(response.body)}`);
  return apiClient(platform, `Bearer ${response.body.data.access_token}`);
}

export const loginAdmin = (platform: RunningPlatform) => login(platform, 'admin', TEST_ADMIN_PASSWORD);

export interface ProvisionedVehicle {
  vehicleId: string;
  /** SIM number as the operator typed it (11 digits). */
  sim: string;
  plate: string;
  terminalCode: string;
  version: Jt808Version;
  /** Phone as the terminal's header carries it (2013: 12 digits, 2019: 20). */
  header: string;
}

/** Creates a vehicle, its SIM and terminal, and binds them. */
export async function provisionVehicle(admin: ApiClient, companyId: string, spec: { sim: string; plate: string; terminalCode: string; version: Jt808Version; videoChannels?: number }): Promise<ProvisionedVehicle> {
  const vehicleId = await admin.create('/basic/vehicle', { plateCode: spec.plate, plateColor: 2, vehicleType: 1, companyId });
  await admin.create('/basic/sim-card', { number: spec.sim, operator: 1, companyId });
  const terminalId = await admin.create('/basic/terminal', { terminalCode: spec.terminalCode, terminalPhone: spec.sim, companyId, protocolVersion: spec.version, ...(spec.videoChannels ? { videoChannels: spec.videoChannels } : {}) });
  const bound = await admin.post(`/basic/vehicle/${vehicleId}/bind`, { terminalId: Number(terminalId) }).expect(200);
  if (!bound.body.flag) throw new Error(`bind: ${JSON.stringify(bound.body)}`);
  return { vehicleId, ...spec, header: spec.sim.padStart(spec.version === '2019' ? 20 : 12, '0') };
}

/** Connects a test terminal and logs it in, retrying while the registry has not reached the gateway yet. */
export async function connectTerminal(port: number, vehicle: ProvisionedVehicle): Promise<TestTerminal> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const terminal = await TestTerminal.open(port, vehicle.header, vehicle.version);
    try {
      await terminal.login(vehicle.terminalCode);
      return terminal;
    } catch {
      terminal.close();
      await sleep(250);
    }
  }
  throw new Error(`terminal ${vehicle.sim} never authenticated`);
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
