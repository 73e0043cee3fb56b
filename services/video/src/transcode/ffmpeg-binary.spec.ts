import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FFMPEG_NPM_PACKAGE, findFfmpeg } from './ffmpeg-binary';

describe('finding ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openfleet-ffmpeg-'));
  const onPath = join(dir, 'ffmpeg');
  writeFileSync(onPath, '#!/bin/sh\n');
  chmodSync(onPath, 0o755);
  const noPackage = () => {
    throw new Error('Cannot find module');
  };

  it('takes the PATH first (Debian\'s package in the image), then the npm package', () => {
    expect(findFfmpeg({ PATH: `/nonexistent:${dir}` }, noPackage)).toEqual({ found: true, path: onPath, source: 'path' });
    const packaged = findFfmpeg({ PATH: '/nonexistent' });
    expect(packaged).toMatchObject({ found: true, source: 'npm', path: expect.stringContaining(FFMPEG_NPM_PACKAGE) });
  });

  it('says why when there is neither', () => {
    expect(findFfmpeg({ PATH: '' }, noPackage)).toEqual({ found: false, reason: `no ffmpeg on the PATH and the optional package ${FFMPEG_NPM_PACKAGE} is not installed` });
    const empty = mkdtempSync(join(tmpdir(), 'openfleet-ffmpeg-pkg-'));
    writeFileSync(join(empty, 'package.json'), '{}');
    expect(findFfmpeg({ PATH: '' }, () => join(empty, 'package.json'))).toMatchObject({ found: false, reason: expect.stringContaining('missing or not executable') });
  });
});
