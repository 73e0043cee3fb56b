// The stream registry of the video replicas (issue 31) on SQLite and MariaDB: replicas claiming one
// stream key at the same moment, exactly one wins and the others are told who; the owner renews;
// a lapsed lease is taken over; a released key is free at once; keys held besides the hub's streams
// (talk-back) are renewed while listed and let go once not.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { StreamHub, VideoModule } from '../src';
import { StreamOwners } from '../src/registry/stream-owners';
import type { VideoConfig } from '../src/video-config';

jest.setTimeout(60_000);

describe.each(['sqlite', 'mysql'] as const)('video stream registry (%s)', (engine) => {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv(engine, 'videoowners'),
    LOG_LEVEL: 'silent',
    AUTH_JWT_SECRET: 'video-owners-secret-video-owners-secret-0123456789',
    VIDEO_URL_SECRET: 'video-owners-url-secret-0123456789-0123456789',
    VIDEO_MEDIA_TCP_PORT: '0',
    VIDEO_MEDIA_UDP_PORT: '-1',
    VIDEO_FTP_PORT: '-1',
    VIDEO_MEDIA_HOST: '127.0.0.1',
    VIDEO_PUBLIC_HOST: '127.0.0.1',
  };
  let app: INestApplication;
  let replicas: StreamOwners[];

  beforeAll(async () => {
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'video-owners-test', config: loadConfig(PlatformConfig, env), bus: new InProcessBus({ logger: silentBusLogger }), env }), VideoModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const dataSource = app.get<DataSource>(getDataSourceToken('video'));
    const replica = (id: string) => new StreamOwners({ VIDEO_REPLICA_ID: id, VIDEO_INTERNAL_URL: `http://${id}:8080/`, VIDEO_STREAM_LEASE_S: 15 } as VideoConfig, {}, dataSource, app.get(StreamHub));
    replicas = ['r1', 'r2', 'r3', 'r4'].map(replica);
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'video');
  });

  it('lets exactly one of the replicas asking at once have a key and tells the others who has it', async () => {
    const now = Date.now();
    const claims = await Promise.all(replicas.map((owners) => owners.claim('013900000041-1', now)));
    const winners = claims.map((claim, i) => (claim.mine ? replicas[i].replicaId : '')).filter(Boolean);
    expect(winners).toHaveLength(1);
    for (const claim of claims) if (!claim.mine) expect(claim.owner).toEqual({ replicaId: winners[0], internalUrl: `http://${winners[0]}:8080`, expiresAt: now + 15_000 });
    // The owner claims again (a renewal); the others still cannot.
    const owner = replicas.find((owners) => owners.replicaId === winners[0])!;
    const other = replicas.find((owners) => owners.replicaId !== winners[0])!;
    expect(await owner.claim('013900000041-1', now + 5_000)).toEqual({ mine: true });
    expect(await other.claim('013900000041-1', now + 19_000)).toMatchObject({ mine: false, owner: { replicaId: winners[0] } });
  });

  it('hands a lapsed lease to the next replica that asks, and frees a released key at once', async () => {
    const [first, second] = replicas;
    const now = Date.now();
    expect(await first.claim('013900000042-1-pb', now)).toEqual({ mine: true });
    expect(await second.ownerOf('013900000042-1-pb', now + 14_000)).toMatchObject({ replicaId: 'r1' });
    expect(await second.ownerOf('013900000042-1-pb', now + 15_001)).toBeUndefined();
    expect(await second.claim('013900000042-1-pb', now + 15_001)).toEqual({ mine: true });
    expect(await first.claim('013900000042-1-pb', now + 16_000)).toMatchObject({ mine: false, owner: { replicaId: 'r2', internalUrl: 'http://r2:8080' } });
    // r1's release does not touch r2's claim; r2's does.
    await first.release('013900000042-1-pb');
    expect(await first.ownerOf('013900000042-1-pb', now + 16_000)).toMatchObject({ replicaId: 'r2' });
    await second.release('013900000042-1-pb');
    expect(await first.ownerOf('013900000042-1-pb', now + 16_000)).toBeUndefined();
    expect(await first.claim('013900000042-1-pb', now + 16_000)).toEqual({ mine: true });
  });

  it('renews the keys a replica holds besides its streams (talk-back) while they are listed, and lets them go once not', async () => {
    const [, , third] = replicas;
    const held = new Set(['talk:6f1c0b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', '13900000043-1-talk']);
    third.holdAlso(() => held);
    const now = Date.now();
    for (const key of held) expect(await third.claim(key, now)).toEqual({ mine: true });
    await third.renew(now + 10_000);
    for (const key of held) expect(await replicas[0].ownerOf(key, now + 20_000)).toMatchObject({ replicaId: 'r3', expiresAt: now + 25_000 });
    held.delete('13900000043-1-talk');
    await third.renew(now + 11_000);
    expect(await replicas[0].ownerOf('13900000043-1-talk', now + 11_000)).toBeUndefined();
    expect(await replicas[0].ownerOf('talk:6f1c0b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', now + 11_000)).toMatchObject({ replicaId: 'r3', expiresAt: now + 26_000 });
  });

  it('takes a gone holder\'s talk key over only while its row is as read: one of two at once wins, never a renewed or re-claimed row', async () => {
    const [first, second, third, fourth] = replicas;
    const now = Date.now();
    const key = '13900000044-1-talk';
    const tag = (sessionId: string) => ({ sessionId, detail: JSON.stringify({ userId: '7', channel: 1 }) });
    expect(await first.claim(key, now, tag('s1'))).toEqual({ mine: true });
    const seen = (await second.rowOf(key))!;
    expect(seen).toEqual({ key, replicaId: 'r1', internalUrl: 'http://r1:8080', expiresAt: now + 15_000, sessionId: 's1', detail: '{"userId":"7","channel":1}' });
    expect(await second.sessionRows('s1', 'r1')).toEqual([seen]);
    // r1 renewed after the row was read (alive after all): the takeover fails, and so does a conditional drop.
    expect(await first.claim(key, now + 1_000, tag('s1'))).toEqual({ mine: true });
    expect(await second.takeOver(seen, now + 1_000, tag('s2'))).toBe(false);
    expect(await second.dropIfUnchanged(seen)).toBe(false);
    // Read again, two replicas take over at once: exactly one wins, its session and detail replace r1's.
    const again = (await second.rowOf(key))!;
    const taken = await Promise.all([second.takeOver(again, now + 2_000, tag('s2')), third.takeOver(again, now + 2_000, tag('s3'))]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = taken[0] ? 'r2' : 'r3';
    expect(await fourth.rowOf(key)).toMatchObject({ replicaId: winner, expiresAt: now + 17_000, sessionId: taken[0] ? 's2' : 's3' });
    // The old row as read no longer exists: dropping it leaves the winner's.
    expect(await fourth.dropIfUnchanged(again)).toBe(false);
    expect(await fourth.rowOf(key)).toMatchObject({ replicaId: winner });
    // A stream's claim carries no session.
    expect(await fourth.claim('013900000044-1', now)).toEqual({ mine: true });
    expect(await first.rowOf('013900000044-1')).toMatchObject({ replicaId: 'r4', sessionId: undefined, detail: undefined });
    // The row unchanged since it was read goes.
    const current = (await fourth.rowOf(key))!;
    expect(await fourth.dropIfUnchanged(current)).toBe(true);
    expect(await fourth.rowOf(key)).toBeUndefined();
  });
});
