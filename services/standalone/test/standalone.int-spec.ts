// `npm start` in a test: the whole platform in one process, in-process bus, SQLite in a temp dir.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@openfleet/service-kit';
import request from 'supertest';
import { startStandalone, type RunningPlatform } from '../src';
import { EPHEMERAL_PORTS } from './test-platform';

describe('standalone platform', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startStandalone({
      ...EPHEMERAL_PORTS,
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-standalone-')),
    });
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('answers /health with every dependency up', async () => {
    const response = await request(platform.urls.health).get('').expect(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.details.bus.status).toBe('up');
  });

  it('says which mode it runs in', async () => {
    const response = await request(platform.urls.api).get('').expect(200);
    expect(response.body).toMatchObject({ flag: true, errorCode: 200, data: { bus: 'in-process', database: 'sqlite' } });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await request(`${platform.urls.openApi}-json`).get('').expect(200);
    expect(Object.keys(response.body.paths)).toContain('/system/info');
  });

  it('exposes Prometheus metrics', async () => {
    const response = await request(platform.urls.metrics).get('').expect(200);
    expect(response.text).toMatch(/openfleet_process_cpu_user_seconds_total/);
  });
});

describe('standalone console page', () => {
  it('answers / with an HTML page in Chinese first', async () => {
    const platform = await startStandalone({
      ...EPHEMERAL_PORTS,
      LOG_LEVEL: 'silent',
      CONSOLE_DIR: join(tmpdir(), 'no-console-bundle-here'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-standalone-')),
    });
    try {
      const response = await request(platform.urls.console).get('').expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toMatch(/车辆监控平台/);
    } finally {
      await platform.app.close();
    }
  });

  it('answers a browser navigation to a console screen with the console, an API path with the API', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'openfleet-console-bundle-'));
    writeFileSync(join(bundle, 'index.html'), '<!doctype html><title>console bundle</title>');
    const platform = await startStandalone({ ...EPHEMERAL_PORTS, LOG_LEVEL: 'silent', CONSOLE_DIR: bundle, DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-standalone-')) });
    try {
      const navigate = (path: string) => request(platform.urls.console).get(path).set('Accept', 'text/html,application/xhtml+xml');
      // The system menu's screens are console routes; /system/info stays the API's.
      for (const path of ['system/systemNotice', 'monitor/noxData', 'battery/batteryProductionInfo']) expect((await navigate(path).expect(200)).text).toContain('console bundle');
      const info = await navigate('system/info').expect(200);
      expect(info.body).toMatchObject({ flag: true, data: { name: 'openfleet' } });
    } finally {
      await platform.app.close();
    }
  });
});

describe('standalone start-up on a taken port', () => {
  it('fails with the port named and leaves none of its listeners open', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    const terminalPort = await freePort();
    try {
      const start = startStandalone({
        ...EPHEMERAL_PORTS,
        GATEWAY_808_PORT: String(terminalPort),
        HTTP_PORT: String(takenPort),
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-standalone-')),
      });
      await expect(start).rejects.toThrow(/EADDRINUSE/);
      // The terminal gateway opened before the HTTP port failed; start-up closed it again.
      const probe = createServer();
      await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(terminalPort, '127.0.0.1', resolve));
      await new Promise((resolve) => probe.close(resolve));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
