// Guards by default: AuthGuard is the application guard. Every HTTP route of the composed platform is
// either `@Public()` or names the action codes it needs; a route that only needs a logged-in user is
// listed below with the reason. A new route without either fails here.
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ANY_OF_ACTIONS, IS_PUBLIC, REQUIRED_ACTIONS } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { startTestPlatform } from './test-platform';

const PICKER = 'a picker or select box of many screens, scoped to the caller’s companies';
const BY_RESOURCE = 'one route serves several screens: the controller checks `<screen>:<action>` of the named resource';
const OWN_EXPORT_TASK = 'the caller’s own export task (creating one checks the report’s export code in the service)';

/** `METHOD path` → why a logged-in user is enough (no action code). */
const LOGGED_IN_ONLY: Record<string, string> = {
  'POST /logout': 'ends the caller’s own session',
  'DELETE /auth/token/logout': 'ends the caller’s own session',
  'GET /verifySessionStatus': 'reports the caller’s own session state (402 when revoked)',
  'GET /basic/user/getCurrentUserInfo': 'the caller’s own profile and action codes',
  'PUT /basic/user/password': 'the caller changes their own password',
  'GET /basic/resource/getCurrentUserTree': 'the caller’s own menu tree',
  'GET /basic/notices/published': 'published notices every user reads',
  'GET /basic/notices/inbox': 'the caller’s own press releases (the header’s bell)',
  'POST /basic/notices/inbox/read': 'marks the caller’s own press releases read',
  'POST /basic/feedback': 'any signed-in user submits feedback (the header’s help menu)',
  'GET /basic/feedback/mine': 'the caller’s own feedback and its replies',
  'GET /basic/company/:id/logo': 'the logo of a company in the caller’s scope, shown in the header (404 outside it)',
  'POST /basic/feedback/mine/read': 'marks the replies to the caller’s own feedback seen',
  'GET /basic/feedback/:id/image': 'its submitter, or an operator whose scope covers it with feedback:search (checked in the service)',
  'GET /basic/social/list': 'the caller’s own social account bindings',
  'POST /basic/social/autoBindSocial': 'the caller’s own social account bindings',
  'POST /basic/social/unbindSocial': 'the caller’s own social account bindings',
  'GET /basic/dictionary/type/items': 'dictionary items fill select boxes on every screen',
  'GET /basic/driver/findDriverList': PICKER,
  'GET /basic/sysEnterprise/getEnterpriseTreeList': PICKER,
  'GET /basic/sysEnterprise/findEnterpriseOrganizationTreeList': PICKER,
  'GET /basic/sysEnterprise/findEnterpriseTreeDriverList': PICKER,
  'GET /enterprise/getEnterpriseById': PICKER,
  'GET /basic/terminal/findUnbindTerminalList': PICKER,
  'GET /basic/terminal/findUnbindTerminalPage': PICKER,
  'GET /basic/tree/findVehicleTreeInfoList': PICKER,
  'GET /basic/vbrand/findBrand': PICKER,
  'GET /basic/vmodel/findModel': PICKER,
  'GET /basic/vmodel/findVehicleModelEngineInfoList': PICKER,
  'GET /basic/vehicleMaster/getUnbindMasters': PICKER,
  'GET /basic/vehicle/types': PICKER,
  'GET /basic/vehicle/template': 'the empty import template, no data',
  'POST /basic/:resource/import': BY_RESOURCE,
  'GET /basic/:resource/export': BY_RESOURCE,
  'GET /energy/battery/trace/:packCode': BY_RESOURCE,
  'GET /energy/battery/:resource': BY_RESOURCE,
  'GET /energy/battery/:resource/export': BY_RESOURCE,
  'POST /energy/battery/:resource': BY_RESOURCE,
  'POST /energy/battery/:resource/import': BY_RESOURCE,
  'PUT /energy/battery/:resource/:id': BY_RESOURCE,
  'DELETE /energy/battery/:resource/:id': BY_RESOURCE,
  'POST /gps/export-task': OWN_EXPORT_TASK,
  'GET /gps/export-task': OWN_EXPORT_TASK,
  'POST /gps/export-task/:id/pause': OWN_EXPORT_TASK,
  'POST /gps/export-task/:id/resume': OWN_EXPORT_TASK,
  'POST /gps/export-task/:id/cancel': OWN_EXPORT_TASK,
  'DELETE /gps/export-task/:id': OWN_EXPORT_TASK,
  'GET /gps/export-task/:id/file': OWN_EXPORT_TASK,
  // The fuel report's offline exports: the owner's own tasks; creating one checks the kind's code (fuelReport:export, fuelEvents:export).
  'POST /vehicleService/fuel/export-task': OWN_EXPORT_TASK,
  'GET /vehicleService/fuel/export-task': OWN_EXPORT_TASK,
  'GET /vehicleService/fuel/export-task/:id/download': OWN_EXPORT_TASK,
  'DELETE /vehicleService/fuel/export-task/:id': OWN_EXPORT_TASK,
  'GET /vehicleService/reminders/counts': 'the header badges: unread reminders of the caller’s own scope',
};

/** The routes that need no token; each new one is a decision, so it is listed. */
const PUBLIC_ROUTES = [
  'GET /health',
  'GET /metrics',
  'GET /system/info',
  'POST /login',
  'POST /auth/oauth/token',
  'POST /register',
  'POST /sms/sendCode',
  'POST /forgetPwd',
  'GET /app/appVersion/getLastVersionAPK',
  'GET /app/appVersion/package/:name',
  // The player cannot send a bearer header: the signed stream token in the query is checked instead.
  'GET /video/hls/:key/index.m3u8',
  'GET /video/hls/:key/init.mp4',
  'GET /video/hls/:key/:sequence.m4s',
  // A third-party page embedding one vehicle's video: its signed, expiring embed token is the credential (video-embed.int-spec).
  'GET /video/embed/channels',
  'POST /video/embed/live/open',
  // Third-party systems: a signed app key (X-App-Key, signature, nonce, timestamp) is the credential, with its own limits and vehicle scope (open-api.int-spec).
  'GET /openApi/v1/positions',
  'GET /openApi/v1/alarms',
  'GET /openApi/v1/track',
  // Which video replica serves a stream, for the api's routing: it answers only with that stream's signed media token (video-replicas.int-spec).
  'GET /video/internal/stream-owner/:key',
  // Whether this replica still holds a talk key, asked by another replica before it takes a dead holder's talk over: a token signed for the key with the replicas' shared secret (video-talk-failover.int-spec).
  'GET /video/internal/stream-owner/:key/held',
];

interface Route {
  key: string;
  path: string;
  method: string;
  isPublic: boolean;
  actionCodes: string[];
}

function joinPath(...parts: string[]): string {
  return '/' + parts.map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
}

/** Every route Nest's router holds: controller path × handler path × method, with its auth metadata. */
function routesOf(app: INestApplication): Route[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
    if (!controller?.prototype) continue;
    const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = controller.prototype[name];
      const handlerPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (handlerPaths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const targets = [handler, controller];
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true;
      const actionCodes = [
        ...(reflector.getAllAndOverride<string[]>(REQUIRED_ACTIONS, targets) ?? []),
        ...(reflector.getAllAndOverride<string[]>(ANY_OF_ACTIONS, targets) ?? []),
      ];
      for (const base of controllerPaths) {
        for (const own of [handlerPaths].flat()) {
          const path = joinPath(base, own);
          routes.push({ key: `${method} ${path}`, path, method, isPublic, actionCodes });
        }
      }
    }
  }
  return routes;
}

describe('route guards (standalone platform)', () => {
  let platform: RunningPlatform;
  let routes: Route[];

  beforeAll(async () => {
    platform = await startTestPlatform('open');
    routes = routesOf(platform.app);
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('finds the routes of every service module', () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toEqual(expect.arrayContaining(['GET /health', 'POST /auth/oauth/token', 'GET /basic/brand', 'GET /video/hls/:key/index.m3u8']));
    expect(routes.length).toBeGreaterThan(200);
  });

  it('has no route that is neither public nor guarded by an action code, except the listed ones', () => {
    const unguarded = routes.filter((route) => !route.isPublic && route.actionCodes.length === 0).map((route) => route.key);
    expect(unguarded.sort()).toEqual(Object.keys(LOGGED_IN_ONLY).sort());
  });

  it('keeps the public routes to the known few', () => {
    const open = routes.filter((route) => route.isPublic).map((route) => route.key);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const server = platform.app.getHttpServer();
    const refused: string[] = [];
    for (const route of routes.filter((each) => !each.isPublic)) {
      if (route.method === 'ALL') continue;
      const url = route.path.replace(/:(\w+)/g, '1');
      const response = await request(server)[route.method.toLowerCase() as 'get'](url);
      if (response.status !== 401 || response.body?.errorCode !== 401) refused.push(`${route.key} → ${response.status} ${JSON.stringify(response.body).slice(0, 80)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers the replicas\' talk-holder probe only with a token signed for that key', async () => {
    const server = platform.app.getHttpServer();
    for (const query of ['', '?token=a.b.c.d']) {
      const response = await request(server).get(`/video/internal/stream-owner/${encodeURIComponent('talk:1')}/held${query}`);
      expect(response.body).toMatchObject({ flag: false, errorCode: ErrorCode.VIDEO_URL_EXPIRED });
    }
  });
});
