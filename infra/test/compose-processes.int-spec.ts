// How infra/test/support/compose-processes.ts reads docker-compose.yml (with Debian's docker-compose,
// no engine, nothing started): video runs as two service blocks of one build (`video`, `video-2`,
// each with its own public address and ports), which become the two replicas of the video service,
// each with its block's environment, distinct ports, registry id and internal URL, one data volume.
import { rmSync } from 'node:fs';
import { ComposeProcesses, composeServices, testDotEnv } from './support/compose-processes';

describe('compose processes: the video replicas of docker-compose.yml', () => {
  const dotEnv = { ...testDotEnv('cpspec.', 'unused-password'), VIDEO_PUBLIC_HOST: '192.0.2.10', VIDEO_2_PUBLIC_HOST: '192.0.2.11' };
  const clusters: ComposeProcesses[] = [];

  afterAll(() => {
    for (const cluster of clusters) for (const process_ of cluster.all()) if (process_.env.VIDEO_DATA_DIR) rmSync(process_.env.VIDEO_DATA_DIR, { recursive: true, force: true });
  });

  it('reads video and video-2 as two replicas of the video build, each with its own block', () => {
    const services = composeServices(dotEnv);
    expect(services.has('video-2')).toBe(false);
    const video = services.get('video')!;
    expect(video.replicas).toBe(2);
    expect(video.replicaEnvs.map((env) => [env.VIDEO_PUBLIC_HOST, env.VIDEO_REPLICA_ID, env.VIDEO_INTERNAL_URL])).toEqual([
      ['192.0.2.10', 'video', 'http://video:8080'],
      ['192.0.2.11', 'video-2', 'http://video-2:8080'],
    ]);
    // What a terminal is told is what the replica listens on, and it differs between the two.
    expect(video.replicaEnvs.map((env) => env.VIDEO_MEDIA_TCP_PORT)).toEqual(['1078', '1079']);
    expect(services.get('tracking')!.replicas).toBe(2);
  });

  it("starts compose's two video replicas from the video build with distinct ports, ids and internal URLs, sharing the data directory", async () => {
    const cluster = await ComposeProcesses.configure({ run: 'cpspec', dotEnv, replicas: (_service, composeReplicas) => composeReplicas });
    clusters.push(cluster);
    expect(cluster.byService.has('video-2')).toBe(false);
    const [first, second] = cluster.byService.get('video')!;
    expect([first.service, second.service]).toEqual(['video', 'video']);
    expect([first.name, second.name]).toEqual(['video-1', 'video-2']);
    expect([first.env.VIDEO_PUBLIC_HOST, second.env.VIDEO_PUBLIC_HOST]).toEqual(['192.0.2.10', '192.0.2.11']);
    for (const key of ['HTTP_PORT', 'VIDEO_MEDIA_TCP_PORT', 'VIDEO_FTP_PORT', 'VIDEO_REPLICA_ID', 'VIDEO_FTP_PASV_MIN']) expect([key, first.env[key]]).not.toEqual([key, second.env[key]]);
    for (const replica of [first, second]) expect(replica.env.VIDEO_INTERNAL_URL).toBe(`http://127.0.0.1:${replica.httpPort}`);
    expect(first.env.VIDEO_DATA_DIR).toBe(second.env.VIDEO_DATA_DIR);
    expect(cluster.schema('video')).toBe(`${first.env.MYSQL_DATABASE_PREFIX}video`);
    // The api's VIDEO_URL names a video replica (any answers signalling).
    expect([first, second].map((replica) => `http://127.0.0.1:${replica.httpPort}`)).toContain(cluster.replica('api', 1)!.env.VIDEO_URL);
  });

  it('runs the first block alone when asked for one process per service', async () => {
    const cluster = await ComposeProcesses.configure({ run: 'cpspec1', dotEnv });
    clusters.push(cluster);
    const video = cluster.byService.get('video')!;
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({ service: 'video', name: 'video', env: { VIDEO_PUBLIC_HOST: '192.0.2.10' } });
  });
});
