// request.ip behind the cluster's load balancer: the client's address from X-Forwarded-For only when
// the api is told that a proxy stands in front of it (API_TRUSTED_PROXY_HOPS), and only the proxy's entry.
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { trustProxies } from './trusted-proxy';

function appWith(hops: number) {
  const app = express();
  trustProxies({ getHttpAdapter: () => ({ getInstance: () => app }) } as unknown as INestApplication, hops);
  app.get('/whoami', (req, res) => void res.json({ ip: req.ip }));
  return app;
}

describe('trustProxies (API_TRUSTED_PROXY_HOPS)', () => {
  it('takes the address the one trusted proxy wrote, not what the client put before it', async () => {
    const answer = await request(appWith(1)).get('/whoami').set('X-Forwarded-For', '203.0.113.9, 198.51.100.7');
    expect(answer.body).toEqual({ ip: '198.51.100.7' });
  });

  it('keeps the socket address when no proxy is trusted (0, the default), whatever the header says', async () => {
    const answer = await request(appWith(0)).get('/whoami').set('X-Forwarded-For', '198.51.100.7');
    expect(answer.body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });
});
