// Build of the monitoring benchmark page (scripts/bench/console-monitor.js): the console's own
// config (aliases, React) with this folder as the root. Never part of the product bundle.
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import consoleConfig from '../vite.config';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export default mergeConfig(
  { ...(consoleConfig as UserConfig), plugins: (consoleConfig as UserConfig).plugins?.slice(0, 1) },
  defineConfig({ root: here('.'), base: './', publicDir: false, build: { outDir: here('./dist'), emptyOutDir: true } }),
);
