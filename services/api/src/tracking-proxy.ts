import type { INestApplication } from '@nestjs/common';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { proxyErrorHandler } from './upstream';

/** Path prefixes the tracking service answers (cluster mode); standalone serves them in-process. */
export const TRACKING_PATHS = ['/gps'];

/** Cluster mode: forwards /gps/* (tracks, mileage, latest positions) to the tracking service, bytes untouched (gzip bodies). */
export function mountTrackingProxy(app: INestApplication, target: string): void {
  const express = app.getHttpAdapter().getInstance() as { use: (handler: unknown) => void };
  express.use(
    createProxyMiddleware({
      target,
      changeOrigin: false,
      xfwd: true,
      on: { error: proxyErrorHandler('tracking') },
      pathFilter: (path) => {
        const bare = path.split('?')[0];
        return TRACKING_PATHS.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
      },
    }),
  );
}
