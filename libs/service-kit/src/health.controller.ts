import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { HealthRegistry } from './health-registry';
import { Public } from './public-route';

const PROBE_TIMEOUT_MS = 3000;

function withTimeout(probe: Promise<boolean>): Promise<boolean> {
  return Promise.race([probe, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref())]);
}

/** `/health`: 200 when every registered dependency answers, 503 with the failing ones otherwise (terminus). */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: HealthRegistry,
  ) {}

  @Get('health')
  @HealthCheck()
  check() {
    return this.health.check(
      this.registry.entries().map(([name, probe]) => async (): Promise<HealthIndicatorResult> => {
        const indicator = this.indicators.check(name);
        const up = await withTimeout(probe().catch(() => false));
        return up ? indicator.up() : indicator.down({ message: `${name} is not answering` });
      }),
    );
  }
}
