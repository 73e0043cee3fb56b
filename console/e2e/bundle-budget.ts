// Sums the gzip size of the JS the sign-in page actually loads, read from the built console/dist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { consoleDist } from './platform';

/** File names, and (case-sensitive) source markers, that give map or chart libraries away. */
const MAP_OR_CHART_NAME = /echarts|chart|leaflet|maplibre|mapbox|amap|bmap|openlayers/i;
const MAP_OR_CHART_CODE = /echarts|zrender|leaflet|maplibre|mapbox-gl|\bAMap\.|\bBMap\.|Chart\.register/;

export interface ScriptBudget {
  readonly files: readonly string[];
  /** gzip bytes per file, as loaded. */
  readonly sizes: Readonly<Record<string, number>>;
  readonly gzipBytes: number;
  readonly mapOrChartFiles: readonly string[];
}

export async function loginScriptBudget(page: Page, baseUrl: string): Promise<ScriptBudget> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === baseUrl) scripts.add(url.pathname);
  });
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('#auth-username');
  const files = [...scripts].sort();
  let gzipBytes = 0;
  const sizes: Record<string, number> = {};
  const mapOrChartFiles: string[] = [];
  for (const path of files) {
    const source = readFileSync(join(consoleDist, path));
    sizes[path] = gzipSync(source, { level: 9 }).length;
    gzipBytes += sizes[path];
    if (MAP_OR_CHART_NAME.test(path) || MAP_OR_CHART_CODE.test(source.toString('utf8'))) mapOrChartFiles.push(path);
  }
  return { files, sizes, gzipBytes, mapOrChartFiles };
}
