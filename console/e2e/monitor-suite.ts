// The setup the console e2e suites share: a monitor platform (standalone server and simulator) and one
// browser profile that cannot reach the public tile servers (no test may depend on the network).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openProfile, type Profile } from './browser';
import { startMonitorPlatform, type MonitorPlatform, type MonitorPlatformOptions } from './monitor-platform';
import { shots } from './steps';

export interface MonitorSuite {
  readonly platform: MonitorPlatform;
  readonly profile: Profile;
  readonly page: Page;
}

/**
 * For a suite's beforeAll: makes the screenshot dir, starts the platform with `vehicles` simulated
 * terminals and opens the profile `label` offline. A profile that does not open stops the platform.
 */
export async function openMonitorSuite(label: string, password: string, vehicles: number, options: MonitorPlatformOptions = {}): Promise<MonitorSuite> {
  mkdirSync(shots, { recursive: true });
  const platform = await startMonitorPlatform(password, vehicles, options);
  try {
    const profile = await openProfile(label, { offline: true });
    return { platform, profile, page: profile.page };
  } catch (error) {
    await platform.stop();
    throw error;
  }
}

/** For a suite's afterAll: closes the profile, then stops the platform (either missing when its beforeAll failed). */
export async function closeMonitorSuite(suite: { readonly profile?: Profile; readonly platform?: MonitorPlatform }): Promise<void> {
  await suite.profile?.close();
  await suite.platform?.stop();
}
