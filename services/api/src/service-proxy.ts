import type { INestApplication } from '@nestjs/common';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { proxyErrorHandler } from './upstream';

/** Path prefixes each service answers (cluster mode); standalone serves them in-process. */
export const ADMIN_PATHS = ['/login', '/logout', '/auth', '/verifySessionStatus', '/basic', '/enterprise', '/sms', '/forgetPwd', '/register', '/app/appVersion'];

// Also console screens: a GET of these is a browser navigation, only their POST belongs to admin.
const SCREEN_PATHS = new Set(['/login', '/forgetPwd', '/register']);

/** Cluster mode: forwards the admin service's paths (request body untouched, before Nest parses it). */
export function mountServiceProxies(app: INestApplication, targets: { admin: string }): void {
  const express = app.getHttpAdapter().getInstance() as { use: (handler: unknown) => void };
  express.use(
    createProxyMiddleware({
      target: targets.admin,
      changeOrigin: false,
      xfwd: true,
      on: { error: proxyErrorHandler('admin') },
      pathFilter: (path, request) => {
        const bare = path.split('?')[0];
        if (SCREEN_PATHS.has(bare) && request.method === 'GET') return false;
        return ADMIN_PATHS.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
      },
    }),
  );
}
