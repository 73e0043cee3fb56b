import { Controller, Get, Param, Res, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Response } from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import { LocalFileStore } from './file-store';
import { PlatformModule } from './platform.module';
import { loadConfig, PlatformConfig } from './platform-config';
import { contentDisposition, safeFileName, sendStoredFile } from './stored-file';

const dir = mkdtempSync(join(tmpdir(), 'stored-file-'));
const store = new LocalFileStore(dir);
let served: Promise<void> | undefined;

@Controller('files')
class FileProbeController {
  @Get('path/:name')
  async byPath(@Param('name') name: string, @Res() response: Response) {
    await sendStoredFile(response, join(dir, name), { contentType: 'video/mp4', fileName: '录像 1.mp4', disposition: 'attachment', notFound: () => new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND) });
  }

  @Get('store/:name')
  async byStore(@Param('name') name: string, @Res() response: Response) {
    await sendStoredFile(response, await store.open(name), { contentType: 'image/jpeg' });
  }

  @Get('broken')
  async broken(@Res() response: Response) {
    // 64 KiB arrive, then the disk fails.
    let sent = false;
    const stream = new Readable({
      read() {
        if (sent) return void setTimeout(() => this.destroy(new Error('EIO: disk gone')), 20);
        sent = true;
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    served = sendStoredFile(response, { stream, size: 1024 * 1024 }, { contentType: 'application/octet-stream' });
    await served;
  }
}

describe('sendStoredFile', () => {
  let app: INestApplication;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    const config = loadConfig(PlatformConfig, { LOG_LEVEL: 'silent' });
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot({ processName: 'probe', config, bus: new InProcessBus({ logger: silentBusLogger }) })],
      controllers: [FileProbeController],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    writeFileSync(join(dir, 'a.mp4'), Buffer.from('recording bytes'));
    await store.put('b.jpg', Buffer.from([0xff, 0xd8, 0xff, 1, 2]));
  });

  afterAll(async () => {
    process.off('uncaughtException', record);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a file by path with its length and an RFC 5987 name', async () => {
    const answer = await request(app.getHttpServer()).get('/files/path/a.mp4').buffer(true).expect(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.headers['content-length']).toBe('15');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="___1.mp4"; filename*=UTF-8''${encodeURIComponent('录像 1.mp4')}`);
    expect(Buffer.from(answer.body).toString()).toBe('recording bytes');
  });

  it('answers the endpoint envelope for a missing file and keeps serving', async () => {
    const missing = await request(app.getHttpServer()).get('/files/path/gone.mp4');
    expect(missing.body).toMatchObject({ flag: false, errorCode: ErrorCode.VIDEO_FILE_NOT_FOUND });
    const fromStore = await request(app.getHttpServer()).get('/files/store/gone.jpg');
    expect(fromStore.body).toMatchObject({ flag: false, errorCode: ErrorCode.NOT_FOUND });
    // A directory is no file either.
    mkdirSync(join(dir, 'sub'), { recursive: true });
    expect((await request(app.getHttpServer()).get('/files/path/sub')).body).toMatchObject({ flag: false, errorCode: ErrorCode.VIDEO_FILE_NOT_FOUND });
    await request(app.getHttpServer()).get('/files/store/b.jpg').expect(200).expect('content-length', '5');
    expect(uncaught).toEqual([]);
  });

  it('answers the envelope when the file disappears between the stat and the read', async () => {
    writeFileSync(join(dir, 'c.jpg'), 'x');
    const opened = await store.open('c.jpg');
    rmSync(join(dir, 'c.jpg'));
    const app2 = (await import('express')).default();
    app2.get('/', (_req, res) => void sendStoredFile(res, opened, { contentType: 'image/jpeg' }).catch((error: AppError) => res.json(error.toEnvelope())));
    const answer = await request(app2).get('/');
    expect(answer.body).toMatchObject({ flag: false, errorCode: ErrorCode.NOT_FOUND });
    expect(uncaught).toEqual([]);
  });

  it('destroys the response when the stream fails after the headers left, and throws nothing', async () => {
    const server = app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const outcome = await new Promise<{ status?: number; bytes: number; aborted: boolean }>((resolve) => {
      let bytes = 0;
      let status: number | undefined;
      const req = httpRequest({ host: '127.0.0.1', port, path: '/files/broken' }, (res) => {
        status = res.statusCode;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('aborted', () => resolve({ status, bytes, aborted: true }));
        res.on('end', () => resolve({ status, bytes, aborted: false }));
      });
      req.on('error', () => resolve({ status, bytes, aborted: true }));
      req.end();
    });
    expect(outcome).toEqual({ status: 200, bytes: 64 * 1024, aborted: true });
    await expect(served).resolves.toBeUndefined();
    await request(server).get('/files/store/b.jpg').expect(200);
    expect(uncaught).toEqual([]);
  });
});

describe('safeFileName', () => {
  it('keeps plain names, Chinese ones included', () => {
    for (const name of ['00_65_6501_0_a.jpg', '录像.mp4', 'a..b', '.hidden']) expect(safeFileName(name)).toBe(name);
  });

  it('refuses traversal, separators, NUL, control characters, empty and over-long names', () => {
    for (const name of ['', '.', '..', '../x', 'a/b', 'a\\b', '..\\..\\x', 'a\u0000b', 'a\nb', 'a\u007fb', 'x'.repeat(256), '录'.repeat(86), undefined]) {
      expect(safeFileName(name)).toBeUndefined();
    }
  });

  it('names a file for the browser with an ASCII fallback', () => {
    expect(contentDisposition('inline', "it's (1).jpg")).toBe(`inline; filename="it_s__1_.jpg"; filename*=UTF-8''it%27s%20%281%29.jpg`);
  });
});
