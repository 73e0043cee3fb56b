import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

// The console polls js/version.json on every navigation and reloads when it changes (spec §4),
// so every build writes a fresh version before `public/` is copied into dist.
function versionFile(): Plugin {
  return {
    name: 'openfleet-version-json',
    apply: 'build',
    buildStart() {
      mkdirSync(here('./public/js'), { recursive: true });
      const version = `${process.env.npm_package_version ?? '0.0.0'}-${Date.now()}`;
      writeFileSync(here('./public/js/version.json'), `${JSON.stringify({ version })}\n`);
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), versionFile()],
  resolve: {
    // The shared catalogue is pure TypeScript; contracts is only imported for types.
    alias: {
      '@openfleet/errors': here('../libs/errors/src/index.ts'),
      // The monitoring screens: coordinate conversion and the shared display-status rule (pure files).
      '@openfleet/geo': here('../libs/geo/src/index.ts'),
      '@openfleet/contracts/display-status': here('../libs/contracts/src/vehicle/display-status.ts'),
      '@openfleet/contracts/live': here('../libs/contracts/src/live/index.ts'),
      '@openfleet/contracts/validation-rules': here('../libs/contracts/src/validation-rules.ts'),
      // The command catalogue: the instruction dialogs render and validate the server's own fields.
      '@openfleet/contracts/instruction': here('../libs/contracts/src/instruction/console.ts'),
      '@openfleet/contracts/alarm': here('../libs/contracts/src/alarm/index.ts'),
      '@openfleet/contracts/fence': here('../libs/contracts/src/fence/browser.ts'),
      '@openfleet/contracts/vehicle-service': here('../libs/contracts/src/vehicle-service/browser.ts'),
      '@openfleet/contracts/industry': here('../libs/contracts/src/industry/browser.ts'),
      '@openfleet/contracts/frame-archive': here('../libs/contracts/src/frame-archive/browser.ts'),
      '@openfleet/contracts/energy': here('../libs/contracts/src/energy/browser.ts'),
      '@openfleet/contracts/emission': here('../libs/contracts/src/energy/emission-api.ts'),
      '@openfleet/contracts/report': here('../libs/contracts/src/report/report-api.ts'),
      '@openfleet/contracts/admin': here('../libs/contracts/src/admin/browser.ts'),
      '@openfleet/contracts/video': here('../libs/contracts/src/video/video-api.ts'),
      '@openfleet/contracts/time': here('../libs/contracts/src/time/china-time.ts'),
      '@openfleet/contracts': here('../libs/contracts/src/api-envelope.ts'),
    },
    // The repository root holds an older React for other tools; the console uses its own.
    dedupe: ['react', 'react-dom'],
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: Object.fromEntries(
      ['/login', '/logout', '/auth', '/basic', '/enterprise', '/sms', '/register', '/forgetPwd', '/gps', '/verifySessionStatus', '/socket.io', '/energy', '/platform809', '/video', '/frameArchive'].map((prefix) => [
        prefix,
        {
          target: 'http://127.0.0.1:8080',
          changeOrigin: true,
          ws: prefix === '/socket.io' || prefix === '/video',
          // /login is both a screen and an API path: browser navigations stay with the SPA.
          bypass: (req: { headers: { accept?: string } }) =>
            req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
});
