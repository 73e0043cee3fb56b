import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PLACEHOLDER = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>OpenFleet 车辆监控平台</title>
<style>body{font-family:system-ui,sans-serif;background:#10171e;color:#e6edf3;margin:0;display:grid;place-items:center;height:100vh}
main{max-width:36rem}a{color:#4fa3ff}</style></head>
<body><main><h1>OpenFleet 车辆监控平台</h1>
<p>平台已启动。控制台尚未构建（console/dist 不存在）。</p>
<p>The platform is running. The console bundle has not been built yet (console/dist is missing).</p>
<ul><li><a href="/health">/health</a></li><li><a href="/metrics">/metrics</a></li><li><a href="/api-docs">/api-docs</a></li></ul>
</main></body></html>`;

// Paths owned by the HTTP API: never answered with the console page, whatever the Accept header says.
// `/system/info` only: the rest of /system is the console's system menu (/system/systemNotice ...).
const API_PATHS = /^\/(basic|auth|gps|enterprise|system\/info|health|metrics|api-docs|socket\.io|verifySessionStatus|app|sms)(\/|$)/;

/** A browser loading a page (explicit text/html, as navigations send): health probes and API clients send *\/* or JSON. */
function isBrowserNavigation(request: Request): boolean {
  const accept = String(request.headers.accept ?? '');
  return request.method === 'GET' && accept.includes('text/html') && !API_PATHS.test(request.path);
}

/**
 * Serves the console bundle from `consoleDir` (standalone mode; nginx does it in cluster mode):
 * static files, and index.html for browser navigations so history-mode routes survive a reload.
 * Without a bundle, `/` answers a bilingual placeholder page.
 */
export function mountConsole(app: INestApplication, consoleDir: string): void {
  const root = resolve(consoleDir);
  const index = join(root, 'index.html');
  const express = app.getHttpAdapter().getInstance() as { use: (handler: unknown) => void };
  if (!existsSync(index)) {
    express.use((request: Request, response: Response, next: NextFunction) => {
      if (request.method === 'GET' && request.path === '/') response.type('html').send(PLACEHOLDER);
      else next();
    });
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- express is Nest's own HTTP platform
  const serveStatic = require('express').static as (dir: string, options: object) => unknown;
  express.use(serveStatic(root, { index: false, maxAge: '1h' }));
  express.use((request: Request, response: Response, next: NextFunction) => {
    if (isBrowserNavigation(request)) response.sendFile(index);
    else next();
  });
}
