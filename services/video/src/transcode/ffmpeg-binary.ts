import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** Where the ffmpeg that transcodes H.265 comes from, or why there is none. */
export type FfmpegBinary = { found: true; path: string; source: 'path' | 'npm' } | { found: false; reason: string };

/** The npm package that ships a static ffmpeg (libx264, libx265) for linux-x64: an optional dependency. */
export const FFMPEG_NPM_PACKAGE = '@ffmpeg-installer/linux-x64';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds ffmpeg: the PATH first (Debian's `ffmpeg` package in the container image, whatever the
 * host has), then the optional npm package (standalone installs with no system ffmpeg). The npm
 * package's install script only sets the execute bit; npm may have skipped it, so it is set here.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env, resolvePackage: (id: string) => string = require.resolve): FfmpegBinary {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'ffmpeg');
    if (executable(candidate)) return { found: true, path: candidate, source: 'path' };
  }
  let packaged: string;
  try {
    packaged = join(dirname(resolvePackage(`${FFMPEG_NPM_PACKAGE}/package.json`)), 'ffmpeg');
  } catch {
    return { found: false, reason: `no ffmpeg on the PATH and the optional package ${FFMPEG_NPM_PACKAGE} is not installed` };
  }
  if (!executable(packaged)) {
    try {
      chmodSync(packaged, 0o755);
    } catch {
      // Read-only install: reported below.
    }
  }
  if (executable(packaged)) return { found: true, path: packaged, source: 'npm' };
  return { found: false, reason: `${packaged} (from ${FFMPEG_NPM_PACKAGE}) is missing or not executable` };
}
