// The standalone server plus the JT/T 808 simulator for the monitoring e2e: both on free ports, a
// fresh data dir, nothing built here (`npm test` builds first). Separate from platform.ts because
// the monitor needs the gateway port and a running simulator.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { freePorts } from '@openfleet/service-kit';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../..');
// E2E_STANDALONE_MAIN points at another build of the server (debugging only).
const serverMain = process.env.E2E_STANDALONE_MAIN ?? join(repoRoot, 'services/standalone/dist/main.js');
// E2E_CONSOLE_DIR: a bundle built elsewhere (`vite build --outDir`), leaving the shared console/dist alone.
const consoleDist = process.env.E2E_CONSOLE_DIR ?? join(repoRoot, 'console/dist');
const simulator = join(repoRoot, 'scripts/simulator/simulate.js');

export interface MonitorPlatform {
  readonly baseUrl: string;
  /** Where JT/T 808 terminals connect (tests that drive their own terminal). */
  readonly gatewayPort: number;
  /** Where superior (JT/T 809) platforms open the slave link. */
  readonly slavePort809: number;
  /** Where GB/T 32960 vehicles connect. */
  readonly energyPort: number;
  /** The HJ 1239 emission gateway. */
  readonly emissionPort: number;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/** `video`: the simulated terminals have cameras; `dataDir`: restart on what a previous platform stored. */
export interface MonitorPlatformOptions {
  readonly video?: boolean;
  readonly dataDir?: string;
  readonly simulatorArgs?: string[];
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  // A loaded machine (several suites and builds at once) starts the server in 45-90 s.
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_MS ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`standalone server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('standalone server did not become healthy in time');
}

/** Until the simulator printed its "provisioned ..." line (it creates the vehicles through the API before it connects). */
async function waitForProvisioned(sim: ChildProcess, printed: () => string): Promise<void> {
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_MS ?? 120_000);
  while (!/^provisioned /m.test(printed())) {
    if (sim.exitCode !== null) throw new Error(`simulator exited with ${sim.exitCode} before it provisioned its vehicles`);
    if (Date.now() > deadline) throw new Error('simulator did not provision its vehicles in time');
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/**
 * Server on free ports under `strict` registration, then `vehicles` simulated terminals reporting
 * every second: the simulator provisions their vehicles, SIM cards and terminals through the admin
 * API first, as an operator would.
 */
export async function startMonitorPlatform(adminPassword: string, vehicles: number, options: MonitorPlatformOptions = {}): Promise<MonitorPlatform> {
  for (const needed of [serverMain, join(consoleDist, 'index.html')]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`npm run build\` first`);
  }
  const [httpPort, gatewayPort, slavePort809, energyPort, emissionPort] = await freePorts(5);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  let printed = '';
  const keep = (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000));
  const server = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HTTP_PORT: String(httpPort),
      HTTP_HOST: '127.0.0.1',
      GATEWAY_808_PORT: String(gatewayPort),
      ALARM_ATTACHMENT_PORT: '0',
      FORWARDER_809_SLAVE_PORT: String(slavePort809),
      ENERGY_32960_PORT: String(energyPort),
      ENERGY_HJ1239_PORT: String(emissionPort),
      // JT/T 1078 media on a free port (the simulator is told it in 0x9101); no UDP, no upload FTP.
      VIDEO_MEDIA_TCP_PORT: '0',
      VIDEO_MEDIA_UDP_PORT: '-1',
      VIDEO_FTP_PORT: '-1',
      VIDEO_MEDIA_HOST: '127.0.0.1',
      VIDEO_PUBLIC_HOST: '127.0.0.1',
      // A given data dir restarts a platform on what it stored (tests of what runs at start).
      DATA_DIR: options.dataDir ?? mkdtempSync(join(tmpdir(), 'openfleet-monitor-e2e-')),
      CONSOLE_DIR: consoleDist,
      ADMIN_INITIAL_PASSWORD: adminPassword,
      GATEWAY_808_REGISTRATION: 'strict',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stopChild(server);
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  // No simulated vehicles: the test drives its own terminals.
  if (vehicles === 0) return { baseUrl, gatewayPort, slavePort809, energyPort, emissionPort, output: () => printed, stop: () => stopChild(server) };
  const sim = spawn(process.execPath, [simulator, '--vehicles', String(vehicles), '--interval', '1', '--port', String(gatewayPort), '--alarm-rate', '0', '--drive-first', '900', '--provision', '--api', baseUrl, '--password', adminPassword, ...(options.video ? ['--video'] : []), ...(options.simulatorArgs ?? [])], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sim.stdout?.on('data', keep);
  sim.stderr?.on('data', keep);
  // The vehicles exist before any page loads: a screen read before the simulator's provisioning
  // finished (slow on a loaded CI machine) shows the company without them until it is reloaded.
  try {
    await waitForProvisioned(sim, () => printed);
  } catch (error) {
    await stopChild(sim);
    await stopChild(server);
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  return {
    baseUrl,
    gatewayPort,
    slavePort809,
    energyPort,
    emissionPort,
    output: () => printed,
    stop: async () => {
      await stopChild(sim);
      await stopChild(server);
    },
  };
}
