export { ApiModule } from './api.module';
export { ApiConfig } from './api-config';
export { mountOpenApi } from './openapi';
export type { SystemInfo } from './system-info.controller';
export { mountConsole } from './console-assets';
export { mountServiceProxies, ADMIN_PATHS } from './service-proxy';
export { mountVideoProxy } from './route-proxies';
export { LiveHubGateway } from './live-hub/live-hub.gateway';
export { DashboardGateway } from './live-hub/dashboard/dashboard.gateway';
