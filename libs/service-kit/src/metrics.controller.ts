import { Controller, Get, Header } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';
import { Public } from './public-route';

let defaultMetricsStarted = false;

/** `/metrics` in Prometheus text format: process metrics plus whatever the services register on the default registry. */
@Public()
@Controller()
export class MetricsController {
  constructor() {
    if (!defaultMetricsStarted) {
      collectDefaultMetrics({ prefix: 'openfleet_' });
      defaultMetricsStarted = true;
    }
  }

  @Get('metrics')
  @Header('Content-Type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}
