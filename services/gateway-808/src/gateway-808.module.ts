import { Module } from '@nestjs/common';
import { serviceConfigProvider } from '@openfleet/service-kit';
import { Gateway808Config } from './gateway-808-config';
import { GATEWAY_808_CONFIG, Gateway808Server } from './gateway-808.server';

/**
 * The JT/T 808 terminal gateway. Composable: cluster mode mounts it alone (main.ts), standalone
 * beside every other service; it uses the process's PlatformModule for bus, health and logs.
 */
@Module({
  providers: [serviceConfigProvider(GATEWAY_808_CONFIG, Gateway808Config), Gateway808Server],
  exports: [Gateway808Server],
})
export class Gateway808Module {}
