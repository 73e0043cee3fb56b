// App packages (appVersion): an APK uploaded through the API, named at random, downloaded by the
// public URL the release carries, byte for byte; not a ZIP (20004), over ADMIN_APP_PACKAGE_MAX_MB
// (20005), no file, a name that is not one of ours and a role without appVersion:add refused.
import { createHash } from 'node:crypto';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp } from './admin-test-app';

/** A ZIP local-file header and then noise: what an APK starts like. */
const apk = (size: number) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(Array.from({ length: size - 4 }, (_, i) => (i * 31) % 256))]);

describe('app packages', () => {
  let test: AdminTestApp;
  let admin: string;

  beforeAll(async () => {
    test = await startAdmin('sqlite', { ADMIN_APP_PACKAGE_MAX_MB: '1' });
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  const upload = (bearer: string, bytes: Buffer | null, platform = 'android') => {
    const req = test.http().post('/basic/app-version-package').set('Authorization', bearer).field('platform', platform);
    return (bytes ? req.attach('file', bytes, 'openfleet.apk') : req).then((r) => r.body);
  };
  const fetchBytes = (path: string) =>
    test.http().get(path).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  it('stores an APK under a random name and serves it publicly, byte for byte, for the release that names it', async () => {
    const bytes = apk(300_000);
    const stored = await upload(admin, bytes);
    expect(stored.data).toEqual({ downloadUrl: expect.stringMatching(/^\/app\/appVersion\/package\/[0-9a-f-]{36}\.apk$/), size: 300_000, sha256: createHash('sha256').update(bytes).digest('hex') });
    const download = await fetchBytes(stored.data.downloadUrl).expect(200);
    expect(download.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
    const release = await test.http().post('/basic/app-version').set('Authorization', admin).send({ versionName: '3.0.0', versionCode: 300, downloadUrl: `http://fleet.example.com${stored.data.downloadUrl}` });
    expect(release.body.errorCode).toBe(200);
    expect((await test.http().get('/app/appVersion/getLastVersionAPK')).body.data.downloadUrl).toBe(`http://fleet.example.com${stored.data.downloadUrl}`);
    const ios = await upload(admin, apk(1000), 'ios');
    expect(ios.data.downloadUrl).toMatch(/\.ipa$/);
  });

  it('refuses what is not a package, too large, missing, or not ours to serve', async () => {
    expect((await upload(admin, Buffer.from('MZ this is not a zip archive'))).errorCode).toBe(20004);
    expect((await upload(admin, apk(1_048_577))).errorCode).toBe(20005);
    expect((await upload(admin, null)).errorCode).toBe(20003);
    expect((await upload(admin, apk(100), 'windows')).errorCode).toBe(400);
    expect((await fetchBytes('/app/appVersion/package/..%2F..%2Fadmin.sqlite')).body.toString()).toContain('"errorCode":404');
    expect((await fetchBytes('/app/appVersion/package/00000000-0000-0000-0000-000000000000.apk')).body.toString()).toContain('"errorCode":404');
  });

  it('needs appVersion:add', async () => {
    const role = (await test.http().post('/basic/role').set('Authorization', admin).send({ name: 'release_reader', roleType: 3, actionCodes: ['appVersion:search'] })).body.data.id;
    await test.http().post('/basic/user').set('Authorization', admin).send({ account: 'releasereader', name: 'Release Reader', password: 'Reader12345', userType: 1, roleIds: [Number(role)] });
    const reader = await loginAs(test, 'releasereader', 'Reader12345');
    expect((await upload(reader, apk(100))).errorCode).toBe(403);
  });
});
