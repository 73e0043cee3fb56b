// Cluster entry of the JT/T 808 gateway: Kafka bus, terminals on GATEWAY_808_PORT, /health and /metrics on HTTP_PORT.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { Gateway808Config } from './gateway-808-config';
import { Gateway808Module } from './gateway-808.module';

async function bootstrap(): Promise<void> {
  await startClusterService({ name: 'gateway-808', module: Gateway808Module, config: Gateway808Config });
  // The bench harness runs the gateway as a child process and reads its own CPU time over IPC.
  if (process.send) {
    process.on('message', (message: { type?: string; gc?: boolean }) => {
      if (message?.type !== 'cpu') return;
      // With --expose-gc the harness can ask for a collection before reading memory.
      const gc = (globalThis as { gc?: () => void }).gc;
      if (message.gc && gc) gc();
      process.send!({ type: 'cpu', cpu: process.cpuUsage(), memory: process.memoryUsage() });
    });
    process.send({ type: 'ready' });
  }
}

bootstrap().catch(exitOnStartFailure('gateway-808'));
