// Sessions end everywhere (docs/auth.md): once admin revokes a session (password reset by an
// administrator, own password change, logout, account disabled), another service (tracking) refuses
// that session's access token within 5 s with the 401 envelope, and its live-hub socket is closed.
import type { EventBus } from '@openfleet/bus';
import { Topics, type SessionRevocation } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { io } from 'socket.io-client';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { login, loginAdmin, sleep, type ApiClient } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const PASSWORD = 'Operator123';
const REVOCATION_BOUND_MS = 5_000;

/** The `sid` claim of a `Bearer <jwt>` header value. */
const sessionOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid;

describe('session revocation reaches every service', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let companyId: string;
  let roleId: number;
  let accounts = 0;
  const published: SessionRevocation[] = [];

  // A tracking endpoint: served by another service module than admin.
  const latestPositions = (token: string) => request(platform.app.getHttpServer()).get('/gps/position/findLatestPositions').set('Authorization', token);
  const expectServed = async (client: ApiClient) => {
    const response = await latestPositions(client.token).expect(200);
    expect(response.body).toMatchObject({ flag: true, errorCode: 200 });
  };
  const expectRefusedWithinBound = async (client: ApiClient) => {
    const started = Date.now();
    for (;;) {
      const response = await latestPositions(client.token);
      if (response.status === 401) {
        expect(response.body).toMatchObject({ flag: false, errorCode: 401, data: null });
        break;
      }
      if (Date.now() - started > REVOCATION_BOUND_MS) throw new Error(`still served after ${REVOCATION_BOUND_MS} ms: ${response.status} ${JSON.stringify(response.body)}`);
      await sleep(100);
    }
    // The revocation travelled on the bus for the other processes of a cluster.
    expect(published.map((entry) => entry.sessionId)).toContain(sessionOf(client.token));
  };
  const newUser = async () => {
    const account = `revoked${++accounts}`;
    const id = await admin.create('/basic/user', { account, name: 'Revoked Operator', password: PASSWORD, userType: 1, companyId, roleIds: [roleId] });
    return { account, id };
  };

  beforeAll(async () => {
    platform = await startTestPlatform('open');
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Revocation Logistics' });
    roleId = Number(await admin.create('/basic/role', { name: 'monitor', companyId, roleType: 3, actionCodes: ['multiCar'] }));
    await platform.app.get<EventBus>(EVENT_BUS).subscribe(Topics.sessionRevocations, {
      group: 'revocation-probe',
      fromBeginning: true,
      handle: async (messages) => void published.push(...messages.map((message) => message.value)),
    });
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('an administrator resets the password: every session of the user is refused by tracking; a new login works', async () => {
    const { account, id } = await newUser();
    const first = await login(platform, account, PASSWORD);
    const second = await login(platform, account, PASSWORD);
    await expectServed(first);
    await expectServed(second);
    const reset = await admin.put(`/basic/user/${id}/password`, { password: 'Changed1234' }).expect(200);
    expect(reset.body.flag).toBe(true);
    await expectRefusedWithinBound(first);
    await expectRefusedWithinBound(second);
    await expectServed(await login(platform, account, 'Changed1234'));
  });

  it('a user changes their own password: the other sessions are refused, the one that changed it goes on', async () => {
    const { account } = await newUser();
    const own = await login(platform, account, PASSWORD);
    const other = await login(platform, account, PASSWORD);
    await expectServed(other);
    const changed = await own.put('/basic/user/password', { oldPassword: PASSWORD, newPassword: 'Changed5678', confirmPassword: 'Changed5678' }).expect(200);
    expect(changed.body.flag).toBe(true);
    await expectRefusedWithinBound(other);
    await expectServed(own);
  });

  it('logout: the session is refused by tracking and its live-hub socket is closed; a new login works', async () => {
    const { account } = await newUser();
    const client = await login(platform, account, PASSWORD);
    await expectServed(client);
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    const socket = io(url, { path: '/socket.io', auth: { token: client.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      await client.post('/logout', {}).expect(200);
      await expectRefusedWithinBound(client);
      const reason = await Promise.race([closed, sleep(REVOCATION_BOUND_MS).then(() => 'still connected')]);
      expect(reason).toBe('io server disconnect');
      // A new socket with the revoked token is refused at the handshake.
      const again = io(url, { path: '/socket.io', auth: { token: client.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
      const refused = await new Promise<string>((resolve) => again.on('connect', () => resolve('connected')).on('connect_error', (error) => resolve(error.message)));
      again.close();
      expect(refused).toBe('401');
    } finally {
      socket.close();
    }
    await expectServed(await login(platform, account, PASSWORD));
  });

  it('an account an administrator disables is refused by tracking at once', async () => {
    const { account, id } = await newUser();
    const client = await login(platform, account, PASSWORD);
    await expectServed(client);
    const disabled = await admin.put(`/basic/user/${id}`, { status: 0 }).expect(200);
    expect(disabled.body.flag).toBe(true);
    await expectRefusedWithinBound(client);
  });
});
