import { Module } from '@nestjs/common';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { LiveHubGateway } from './live-hub/live-hub.gateway';
import { SystemInfoController } from './system-info.controller';

/**
 * The console-facing HTTP gateway and socket.io live hub. Composable: cluster mode mounts it alone
 * (api/main.ts, which also proxies the other services' path prefixes), standalone mounts it beside
 * every other service module.
 */
@Module({
  imports: [AuthModule],
  controllers: [SystemInfoController],
  providers: [vehicleRegistryProvider({ service: 'api' }), LiveHubGateway],
})
export class ApiModule {}
