// The whole platform in this test process, on free ports and a data directory of its own: what the
// standalone integration tests share.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandalone, type RunningPlatform } from '../src';

export const TEST_ADMIN_PASSWORD = 'Admin12345';

/** Every listener on a free port, so tests never meet each other or a running platform on the defaults. */
export const EPHEMERAL_PORTS = {
  HTTP_PORT: '0',
  HTTP_HOST: '127.0.0.1',
  GATEWAY_808_PORT: '0',
  GATEWAY_808_HOST: '127.0.0.1',
  ALARM_ATTACHMENT_PORT: '0',
  FORWARDER_809_SLAVE_PORT: '0',
  ENERGY_32960_PORT: '0',
  ENERGY_HJ1239_PORT: '0',
  VIDEO_MEDIA_TCP_PORT: '0',
  VIDEO_MEDIA_UDP_PORT: '0',
  VIDEO_FTP_PORT: '0',
  VIDEO_MEDIA_HOST: '127.0.0.1',
  VIDEO_PUBLIC_HOST: '127.0.0.1',
} as const;

/** Starts the platform; `dataDir` reuses an earlier run's data (restart tests). */
export function startTestPlatform(registration: 'open' | 'strict', dataDir = mkdtempSync(join(tmpdir(), 'openfleet-standalone-test-')), settings: Record<string, string> = {}): Promise<RunningPlatform> {
  return startStandalone({
    ...EPHEMERAL_PORTS,
    ...settings,
    GATEWAY_808_REGISTRATION: registration,
    LOG_LEVEL: 'silent',
    ADMIN_INITIAL_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: dataDir,
  });
}
