// Vehicle condition and terminal photos in real Chromium against the real standalone server, with a
// JT/T 808 terminal over TCP that this test drives: it reports ACC on and the front door open (status
// bits 0 and 13) with low beam and brake (item 0x25), the vehicleCondition screen shows them, and
// the door closing arrives live over the socket without a reload. Then the operator takes a photo
// from the monitor's instruction launcher (0x8801); the terminal answers 0x0805 and uploads the
// JPEG (0x0801), and the photo is listed with its preview in 拍照查询 (/monitor/screenshot).
// Screenshots: .infra/screenshots/vehicle-condition-*.png (git-ignored).
import { TestTerminal } from '@openfleet/gateway-808/testing';
import jpeg from 'jpeg-js';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Profile } from './browser';
import { repoRoot, type MonitorPlatform } from './monitor-platform';
import { closeMonitorSuite, openMonitorSuite } from './monitor-suite';
import { signIn, treeVehicle } from './steps';
import { apiCaller, connectTerminal } from './provision';

jest.setTimeout(180_000);

const PASSWORD = 'E2eCondition2024';
const PLATE = '京F00001';
const shots = join(repoRoot, '.infra/screenshots');

let platform: MonitorPlatform;
let browser: Profile;
let page: Page;
let terminal: TestTerminal;
let token = '';
let reportAt = Math.floor(Date.now() / 1000) - 60;
const pageErrors: string[] = [];
const shot = (name: string) => page.screenshot({ path: join(shots, `vehicle-condition-${name}.png`) });

const api = apiCaller(() => platform.baseUrl, () => token);

/** One location report a second after the previous one: `status` as JT/T 808 table 25, and the 0x25, 0x30, 0x31 items. */
async function report(status: number, extendedSignals: number): Promise<void> {
  reportAt += 1;
  const serial = terminal.send(0x0200, {
    alarm: 0, status, latitude: 39.9, longitude: 116.4, altitude: 40, speed: 0, direction: 90, time: new Date(reportAt * 1000),
    extras: [
      { id: 0x25, kind: 'extendedSignalStatus', value: extendedSignals },
      { id: 0x30, kind: 'signalStrength', value: 25 },
      { id: 0x31, kind: 'satelliteCount', value: 9 },
    ],
  });
  await terminal.expectAck(serial);
}

/** A 16 x 16 JPEG: small enough for one 0x0801 packet. */
function smallJpeg(): Buffer {
  const pixels = Buffer.alloc(16 * 16 * 4, 0x80);
  return Buffer.from(jpeg.encode({ data: pixels, width: 16, height: 16 }, 50).data);
}

beforeAll(async () => {
  ({ platform, profile: browser, page } = await openMonitorSuite('condition', PASSWORD, 0));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  token = (await api<{ access_token: string }>('/login', { username: 'admin', password: PASSWORD })).access_token;
  const vehicle = await api<{ id: number }>('/basic/vehicle', { plateCode: PLATE, plateColor: 2, vehicleType: 1 });
  await api('/basic/sim-card', { number: '13600000001', operator: 1 });
  const terminalId = await api<{ id: number }>('/basic/terminal', { terminalCode: 'VCE2E01', terminalPhone: '13600000001', protocolVersion: '2013' });
  await api(`/basic/vehicle/${vehicle.id}/bind`, { terminalId: terminalId.id });
  terminal = await connectTerminal(platform.gatewayPort, '013600000001', 'VCE2E01');
  // ACC on (bit 0), located (bit 1), front door open (bit 13); low beam (0x25 bit 0) and brake (bit 4).
  await report(0x2003, 0x11);
}, 180_000);

afterAll(async () => {
  terminal?.close();
  await closeMonitorSuite({ profile: browser, platform });
});

describe('vehicle condition and terminal photos (standalone server + a terminal over TCP)', () => {
  it('shows ACC on, the front door open, low beam and brake, and the door closing live', async () => {
    await signIn(page, platform.baseUrl, 'admin', PASSWORD);
    await page.goto(`${platform.baseUrl}/monitor/vehicleCondition`);
    const row = (selector: string) => page.locator(`.bp6-table-cell:visible ${selector}`);
    // The condition's own consumer may be a moment behind the first report: reload until it is listed.
    for (let attempt = 0; attempt < 10 && !(await row('[data-doors="front"]').isVisible()); attempt++) {
      await row('[data-doors="front"]').waitFor({ timeout: 3000 }).catch(() => page.reload());
    }
    await row('[data-doors="front"]').waitFor();
    expect(await row('[data-state="acc"]').first().getAttribute('data-value')).toBe('on');
    await row('[data-state="lowBeam"]').first().waitFor();
    await row('[data-state="brake"]').first().waitFor();
    await shot('door-open');

    // The door closes: the pushed position moves the row without a reload.
    await report(0x0003, 0x01);
    await row('[data-doors="closed"]').waitFor({ timeout: 20_000 });
    await row('[data-state="brake"]').first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(await row('[data-state="acc"]').first().getAttribute('data-value')).toBe('on');

    // The detail drawer: every state, the readings of 0x30/0x31.
    await page.locator('.bp6-table-cell:visible', { hasText: PLATE }).first().click();
    await page.locator('.of-condition-detail-button').click();
    const drawer = page.locator('.of-condition-detail');
    await drawer.waitFor();
    expect(await drawer.locator('[data-state="door.front"]').getAttribute('data-value')).toBe('closed');
    expect(await drawer.innerText()).toContain('25');
    await shot('detail');
  });

  it('lists a photo taken from the console in 拍照查询', async () => {
    await page.goto(`${platform.baseUrl}/monitor/multiCar`);
    const vehicle = await treeVehicle(page, PLATE);
    await vehicle.click();
    await page.locator('.of-instruction-launcher:visible').first().click();
    await page.locator('.of-instruction-menu').getByText('拍照', { exact: true }).click();
    const dialog = page.locator('.of-instruction-dialog');
    await dialog.waitFor();
    const ordered = terminal.expect((message) => message.msgId === 0x8801, 30_000);
    await dialog.locator('button', { hasText: /^下发$/ }).click();
    const order = await ordered;
    const mediaId = 7001;
    terminal.send(0x0805, { replySerial: order.serial, result: 0, mediaIds: [mediaId] });
    const upload = terminal.send(0x0801, {
      mediaId, mediaType: 0, format: 0, event: 0, channel: 1,
      location: { alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 40, speed: 0, direction: 90, time: new Date(), extras: [] },
      data: smallJpeg().toString('hex'),
    });
    await terminal.expect((message) => message.msgId === 0x8800 || (message.msgId === 0x8001 && (message.body as { replySerial?: number }).replySerial === upload), 15_000);
    await dialog.locator('img.of-order-photo').waitFor({ timeout: 30_000 });

    await page.goto(`${platform.baseUrl}/monitor/screenshot`);
    const preview = page.locator('.bp6-table-cell:visible img.of-media-thumb');
    for (let attempt = 0; attempt < 10 && !(await preview.first().isVisible()); attempt++) {
      await preview.first().waitFor({ timeout: 3000 }).catch(() => page.locator('.of-media-query').click());
    }
    await preview.first().waitFor();
    await page.waitForFunction("(() => { const image = document.querySelector('.bp6-table-cell img.of-media-thumb'); return !!image && image.complete && image.naturalWidth === 16; })()");
    expect(await page.locator('.bp6-table-cell:visible', { hasText: PLATE }).count()).toBeGreaterThan(0);
    await shot('photo-listed');
    expect(pageErrors).toEqual([]);
  });
});
