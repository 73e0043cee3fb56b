import type { INestApplication } from '@nestjs/common';
import type { Express } from 'express';

/**
 * Behind the cluster's load balancer (infra/compose/haproxy.cfg) every request's socket comes from
 * the balancer. With `hops` > 0 Express takes the client's address from the last `hops` entries of
 * X-Forwarded-For (the balancer replaces that header with the address it saw), so `request.ip` (the
 * Open API's IP allow-list, docs/open-api.md) is the client's again. 0 keeps the socket's address.
 */
export function trustProxies(app: INestApplication, hops: number): void {
  if (hops > 0) (app.getHttpAdapter().getInstance() as Express).set('trust proxy', hops);
}
