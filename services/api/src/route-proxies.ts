import type { INestApplication } from '@nestjs/common';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { proxyErrorHandler } from './upstream';
import { VIDEO_OWNER_LOOKUP_PATH, VideoStreamRouter, type VideoRoutingOptions } from './video-routing';

/** Path prefixes the instruction service answers (cluster mode); they sit under /gps, so they are routed first. */
export const INSTRUCTION_PATHS = ['/gps/sendOrder', '/gps/terminalParams', '/gps/commandConfig', '/gps/vehicleLimit', '/gps/remoteControl', '/gps/recorderSchedule', '/gps/powerManage'];

/** Path prefixes the fence service answers (cluster mode). */
export const FENCE_PATHS = ['/gps/fence'];

/** Path prefixes the alarm service answers (cluster mode). */
export const ALARM_PATHS = ['/gps/alarm'];

/** Path prefixes the JT/T 809 forwarder answers (cluster mode). */
export const FORWARDER_809_PATHS = ['/platform809'];

/** Path prefixes the energy service answers (cluster mode). */
export const ENERGY_PATHS = ['/energy'];

/** Path prefixes the video service answers (cluster mode), its media WebSocket (/video/ws) included. */
export const VIDEO_PATHS = ['/video'];

/** Path prefixes the vehicle-service answers (cluster mode): records, reminders and the fuel ledger. */
export const VEHICLE_SERVICE_PATHS = ['/vehicleService'];

/** Path prefixes the industry service answers (cluster mode): cold chain, bus lines, waybills, certification. */
export const INDUSTRY_PATHS = ['/industry'];

/** Path prefixes the frame archive answers (cluster mode): the original-message query. */
export const FRAME_ARCHIVE_PATHS = ['/frameArchive'];

/** Path prefixes the tracking service answers (cluster mode): the rest of /gps. */
export const TRACKING_PATHS = ['/gps'];

const matches = (prefixes: readonly string[], path: string) => {
  const bare = path.split('?')[0];
  return prefixes.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
};

/** Forwards a service's path prefixes, bytes untouched (gzip bodies, uploads), before Nest parses them. */
function mountPrefixProxy(app: INestApplication, service: string, target: string, pathFilter: (path: string) => boolean): void {
  const express = app.getHttpAdapter().getInstance() as { use: (handler: unknown) => void };
  express.use(createProxyMiddleware({ target, changeOrigin: false, xfwd: true, on: { error: proxyErrorHandler(service) }, pathFilter }));
}

/** Cluster mode: orders, media, terminal parameters, directives, vehicle lock and remote control to the instruction service. */
export function mountInstructionProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'instruction', target, (path) => matches(INSTRUCTION_PATHS, path));
}

/** Cluster mode: fences, bindings, issuing to the fence service. */
export function mountFenceProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'fence', target, (path) => matches(FENCE_PATHS, path));
}

/** Cluster mode: alarms and their handling to the alarm service. */
export function mountAlarmProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'alarm', target, (path) => matches(ALARM_PATHS, path));
}

/** Cluster mode: superior platforms, their links, duty checks and supervision to the JT/T 809 forwarder. */
export function mountForwarder809Proxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'forwarder-809', target, (path) => matches(FORWARDER_809_PATHS, path));
}

/** Cluster mode: battery data (GB/T 32960) to the energy service. */
export function mountEnergyProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'energy', target, (path) => matches(ENERGY_PATHS, path));
}

/**
 * Cluster mode: video signalling, sessions, snapshots, downloads, HLS and the media WebSocket's
 * upgrade to the video service. With several video replicas a stream's media WebSocket and HLS go
 * to the replica serving it (looked up by stream key, `VideoStreamRouter`); the rest to `target`,
 * any replica. The replicas' routing lookup is not reachable from outside.
 */
export function mountVideoProxy(app: INestApplication, target: string, options: VideoRoutingOptions = {}): VideoStreamRouter {
  const router = new VideoStreamRouter(target, options);
  const failed = proxyErrorHandler('video');
  const on = {
    error: (error: NodeJS.ErrnoException, request: IncomingMessage, response: ServerResponse | Socket) => {
      router.forget(request);
      failed(error, request, response);
    },
  };
  const express = app.getHttpAdapter().getInstance() as { use: (handler: unknown) => void };
  const routed = (request: IncomingMessage) => router.target(request);
  express.use(createProxyMiddleware({ target, router: routed, changeOrigin: false, xfwd: true, on, pathFilter: (path) => matches(VIDEO_PATHS, path) && !path.startsWith(VIDEO_OWNER_LOOKUP_PATH) }));
  const sockets = createProxyMiddleware({ target, router: routed, changeOrigin: false, xfwd: true, ws: true, on });
  const server = app.getHttpServer() as Server;
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    if ((request.url ?? '').startsWith('/video/ws/') || (request.url ?? '').startsWith('/video/talk/ws/')) sockets.upgrade(request, socket, head);
  });
  return router;
}

/** Cluster mode: insurance, maintenance, inspections, violations, accidents, reminders and fuel to the vehicle-service. */
export function mountVehicleServiceProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'vehicle-service', target, (path) => matches(VEHICLE_SERVICE_PATHS, path));
}

/** Cluster mode: cold chain, bus lines, waybills and access certification to the industry service. */
export function mountIndustryProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'industry', target, (path) => matches(INDUSTRY_PATHS, path));
}

/** Cluster mode: the raw-frame archive (original-message query) to the frame-archive service. */
export function mountFrameArchiveProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'frame-archive', target, (path) => matches(FRAME_ARCHIVE_PATHS, path));
}

/** Cluster mode: /gps/* (tracks, mileage, latest positions) to the tracking service, except the instruction, fence and alarm paths. */
export function mountTrackingProxy(app: INestApplication, target: string): void {
  mountPrefixProxy(app, 'tracking', target, (path) => matches(TRACKING_PATHS, path) && !matches(INSTRUCTION_PATHS, path) && !matches(FENCE_PATHS, path) && !matches(ALARM_PATHS, path));
}
