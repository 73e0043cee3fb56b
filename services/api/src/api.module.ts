import { Module } from '@nestjs/common';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { DashboardGateway } from './live-hub/dashboard/dashboard.gateway';
import { LiveHubGateway } from './live-hub/live-hub.gateway';
import { OPEN_API_IMPORTS, OPEN_API_PART } from './open-api/open-api.part';
import { SystemInfoController } from './system-info.controller';

/**
 * The console-facing HTTP gateway and socket.io live hub. Composable: cluster mode mounts it alone
 * (api/main.ts, which also proxies the other services' path prefixes), standalone mounts it beside
 * every other service module. The open API (open-api/) is its one feature with tables of its own.
 */
@Module({
  imports: [AuthModule, ...OPEN_API_IMPORTS],
  controllers: [SystemInfoController, ...OPEN_API_PART.controllers],
  // The big screen counts online vehicles from tracking's states (docs/dashboard.md).
  providers: [vehicleRegistryProvider({ service: 'api', follow: { states: true } }), LiveHubGateway, DashboardGateway, ...OPEN_API_PART.providers],
})
export class ApiModule {}
