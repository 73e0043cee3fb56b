// Cluster entry of the JT/T 808 gateway: Kafka bus, terminals on GATEWAY_808_PORT, /health and /metrics on HTTP_PORT.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { PlatformModule, createBus, exitOnStartFailure, loadConfig, startApplication } from '@openfleet/service-kit';
import { Gateway808Config } from './gateway-808-config';
import { Gateway808Module } from './gateway-808.module';

class Gateway808ProcessConfig extends Gateway808Config {
  @IsInt()
  @Min(0)
  @Max(65535)
  HTTP_PORT = 8080;

  @IsString()
  HTTP_HOST = '0.0.0.0';
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(Gateway808ProcessConfig);
  const bus = createBus(config, 'gateway-808');
  @Module({ imports: [PlatformModule.forRoot({ processName: 'gateway-808', config, bus }), Gateway808Module] })
  class Gateway808ProcessModule {}
  await startApplication({ rootModule: Gateway808ProcessModule, bus, port: config.HTTP_PORT, host: config.HTTP_HOST });
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
