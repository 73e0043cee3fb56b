// The `token` of /videoJsH5 for third-party pages (issue 32), over real HTTP on the whole platform:
// an operator with videoPlay issues a signed, expiring token for one vehicle and some of its
// channels; with that token alone (no bearer) the page reads the vehicle's channels and opens one
// live (0x9101 to the real terminal session), and the media WebSocket it gets plays. Another vehicle,
// another channel, an expired token and a changed byte are refused with 3012 and reach no terminal.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { EMBED_TOKENS, type EmbedTokens } from '@openfleet/video';
import request from 'supertest';
import { WebSocket } from 'ws';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

describe('embed tokens for /videoJsH5 (standalone, strict registration)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let http: string;
  let cameras: ProvisionedVehicle;
  let other: ProvisionedVehicle;
  const terminals: TestTerminal[] = [];
  const anonymous = () => request(platform.app.getHttpServer());
  const issue = (body: object) => admin.post('/video/embed/tokens', body);
  const open = (body: object) => anonymous().post('/video/embed/live/open').send(body);

  beforeAll(async () => {
    platform = await startTestPlatform('strict', undefined, { VIDEO_URL_TTL_S: '60' });
    http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Embed Fleet Co' });
    cameras = await provisionVehicle(admin, companyId, { sim: '13300000301', plate: '京V30301', terminalCode: 'EMB0301', version: '2013', videoChannels: 4 });
    other = await provisionVehicle(admin, companyId, { sim: '13300000302', plate: '京V30302', terminalCode: 'EMB0302', version: '2013', videoChannels: 4 });
    const port = platform.app.get(Gateway808Server).address().port;
    for (const vehicle of [cameras, other]) terminals.push(await connectTerminal(port, vehicle));
  });

  afterAll(async () => {
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
  });

  it('issues a token only with a bearer token, for a vehicle in scope, channels it has and a bounded life', async () => {
    expect((await anonymous().post('/video/embed/tokens').send({ vehicleId: cameras.vehicleId })).status).toBe(401);
    expect((await issue({ vehicleId: cameras.vehicleId, channels: [5] }).expect(200)).body.errorCode).toBe(2005);
    expect((await issue({ vehicleId: cameras.vehicleId, ttlS: 10 }).expect(400)).body.errorCode).toBe(400);
    expect((await issue({ vehicleId: '999999' }).expect(200)).body.errorCode).toBe(8002);
    const body = (await issue({ vehicleId: cameras.vehicleId, channels: [2, 1], ttlS: 600 }).expect(200)).body;
    expect(body.flag).toBe(true);
    expect(body.data).toMatchObject({ vehicleId: cameras.vehicleId, channels: [1, 2] });
    expect(body.data.expiresAt).toBeGreaterThan(Date.now() + 590_000);
    expect(body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(body.data.pageUrl).toBe(`/videoJsH5?vehicleId=${cameras.vehicleId}&channel=1&token=${encodeURIComponent(body.data.token)}`);
  });

  it('lets the page, with the token alone, list the allowed channels and open one live whose media socket plays', async () => {
    const { token } = (await issue({ vehicleId: cameras.vehicleId, channels: [1, 2] }).expect(200)).body.data;
    const channels = (await anonymous().get(`/video/embed/channels?vehicleId=${cameras.vehicleId}&token=${encodeURIComponent(token)}`).expect(200)).body;
    expect(channels.data).toMatchObject({ vehicleId: cameras.vehicleId, plateCode: cameras.plate, online: true, channels: [1, 2] });

    // supertest sends on then(): started now, answered once the terminal has replied.
    const pending = open({ token, vehicleId: cameras.vehicleId, channel: 2 }).then((response) => response);
    const command = await terminals[0].expect((m) => m.msgId === 0x9101, 10_000);
    expect(command.body).toMatchObject({ channel: 2, streamType: 1 });
    terminals[0].send(0x0001, { replySerial: command.serial, replyId: 0x9101, result: 0 });
    const answered = await pending;
    expect(answered.status).toBe(200);
    const opened = answered.body;
    expect(opened.flag).toBe(true);
    expect(opened.data).toMatchObject({ vehicleId: cameras.vehicleId, channel: 2, streamKey: '13300000301-2' });
    const ws = new WebSocket(`ws://${http}${opened.data.wsUrl}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    });
    ws.close();
  });

  it('refuses another vehicle, a channel outside the token, an expired token and a changed byte with 3012, asking no terminal', async () => {
    const { token } = (await issue({ vehicleId: cameras.vehicleId, channels: [1, 2] }).expect(200)).body.data as { token: string };
    const tokens = platform.app.get<symbol, EmbedTokens>(EMBED_TOKENS);
    const expired = tokens.issue({ vehicleId: cameras.vehicleId, channels: [], issuedBy: '1' }, 60, Date.now() - 61_000).token;
    const parts = token.split('.');
    const lastChar = parts[4].at(-1) === 'A' ? 'B' : 'A';
    const tampered = [...parts.slice(0, 4), parts[4].slice(0, -1) + lastChar].join('.');
    // The vehicle field swapped for the other vehicle's, the signature kept.
    const swapped = [Buffer.from(other.vehicleId).toString('base64url'), ...parts.slice(1)].join('.');
    const allChannels = [...parts.slice(0, 1), '*', ...parts.slice(2)].join('.');
    const refusals = [
      { token, vehicleId: other.vehicleId, channel: 1 },
      { token, vehicleId: cameras.vehicleId, channel: 3 },
      { token: expired, vehicleId: cameras.vehicleId, channel: 1 },
      { token: tampered, vehicleId: cameras.vehicleId, channel: 1 },
      { token: swapped, vehicleId: other.vehicleId, channel: 1 },
      { token: allChannels, vehicleId: cameras.vehicleId, channel: 3 },
      { token: 'not-a-token', vehicleId: cameras.vehicleId, channel: 1 },
    ];
    for (const body of refusals) {
      const answer = (await open(body).expect(200)).body;
      expect({ body, errorCode: answer.errorCode, flag: answer.flag }).toEqual({ body, errorCode: 3012, flag: false });
    }
    expect((await anonymous().get(`/video/embed/channels?vehicleId=${other.vehicleId}&token=${encodeURIComponent(token)}`).expect(200)).body.errorCode).toBe(3012);
    expect((await anonymous().get(`/video/embed/channels?vehicleId=${cameras.vehicleId}&token=${encodeURIComponent(expired)}`).expect(200)).body.errorCode).toBe(3012);
    for (const terminal of terminals) await expect(terminal.expect((m) => m.msgId === 0x9101, 500)).rejects.toThrow();
  });
});
