// Cluster entry of the api service: Kafka bus, one HTTP port, routing by path prefix to the services.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { ApiConfig } from './api-config';
import { ApiModule } from './api.module';
import { mountOpenApi } from './openapi';
import { mountServiceProxies } from './service-proxy';
import { mountAlarmProxy, mountEnergyProxy, mountFenceProxy, mountForwarder809Proxy, mountFrameArchiveProxy, mountInstructionProxy, mountIndustryProxy, mountTrackingProxy, mountVehicleServiceProxy, mountVideoProxy } from './route-proxies';
import { mountUpstreamHealth } from './upstream';
import { trustProxies } from './trusted-proxy';

startClusterService({
  name: 'api',
  module: ApiModule,
  config: ApiConfig,
  configure: (app, config) => {
    trustProxies(app, config.API_TRUSTED_PROXY_HOPS);
    const origins = config.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean);
    if (origins.length) app.enableCors({ origin: origins, credentials: true });
    mountServiceProxies(app, { admin: config.ADMIN_URL });
    mountInstructionProxy(app, config.INSTRUCTION_URL);
    mountFenceProxy(app, config.FENCE_URL);
    mountAlarmProxy(app, config.ALARM_URL);
    mountForwarder809Proxy(app, config.FORWARDER_809_URL);
    mountEnergyProxy(app, config.ENERGY_URL);
    mountVideoProxy(app, config.VIDEO_URL);
    mountVehicleServiceProxy(app, config.VEHICLE_SERVICE_URL);
    mountIndustryProxy(app, config.INDUSTRY_URL);
    mountFrameArchiveProxy(app, config.FRAME_ARCHIVE_URL);
    mountTrackingProxy(app, config.TRACKING_URL);
    mountUpstreamHealth(app, { admin: config.ADMIN_URL, tracking: config.TRACKING_URL, instruction: config.INSTRUCTION_URL, fence: config.FENCE_URL, alarm: config.ALARM_URL, 'forwarder-809': config.FORWARDER_809_URL, energy: config.ENERGY_URL, video: config.VIDEO_URL, 'vehicle-service': config.VEHICLE_SERVICE_URL, industry: config.INDUSTRY_URL, 'frame-archive': config.FRAME_ARCHIVE_URL });
    mountOpenApi(app);
  },
}).catch(exitOnStartFailure('api'));
