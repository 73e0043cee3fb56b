import { decideAccess, isPublicPath, menuLoadOutcome, PUBLIC_PATHS, type AccessInput } from './access-flow';
import { BIG_DATA_SHOW_PATH } from './menu-tree';

const base: AccessInput = {
  path: '/',
  hasToken: false,
  routesRegistered: false,
  menuPaths: [],
  lastUrl: null,
};
const signedIn: AccessInput = {
  ...base,
  hasToken: true,
  routesRegistered: true,
  menuPaths: ['/index/simCare', '/index/carList', BIG_DATA_SHOW_PATH],
};

describe('decideAccess (spec §4 access flow)', () => {
  it('lists exactly the public paths of the spec', () => {
    expect(PUBLIC_PATHS).toEqual(['/', '/login', '/404', '/socketAlarm', '/register']);
  });

  it.each(['/', '/login', '/404', '/socketAlarm', '/register'])('lets %s through without a token', (path) => {
    expect(decideAccess({ ...base, path })).toEqual({ kind: 'allow', rememberAsLastUrl: false });
  });

  it.each(['/index/simCare', '/forgetPwd', '/wxredirect', '/monitor/home'])(
    'sends %s to /login without a token',
    (path) => {
      expect(decideAccess({ ...base, path })).toEqual({ kind: 'redirect', to: '/login' });
    },
  );

  it('loads the menu tree when a token exists but routes are not registered', () => {
    expect(decideAccess({ ...base, hasToken: true, path: '/index/simCare' })).toEqual({ kind: 'loadMenu' });
    expect(decideAccess({ ...base, hasToken: true, path: '/login' })).toEqual({ kind: 'loadMenu' });
  });

  it('sends /login with a token to the remembered LastUrl', () => {
    expect(decideAccess({ ...signedIn, path: '/login', lastUrl: '/index/carList' })).toEqual({
      kind: 'redirect',
      to: '/index/carList',
    });
  });

  it('sends /login with a token and no LastUrl to the first menu page', () => {
    expect(decideAccess({ ...signedIn, path: '/login' })).toEqual({ kind: 'redirect', to: '/index/simCare' });
  });

  it('ignores a LastUrl that is no longer in the menu', () => {
    expect(decideAccess({ ...signedIn, path: '/login', lastUrl: '/index/gone' })).toEqual({
      kind: 'redirect',
      to: '/index/simCare',
    });
  });

  it('allows a menu page and remembers it as LastUrl', () => {
    expect(decideAccess({ ...signedIn, path: '/index/carList' })).toEqual({
      kind: 'allow',
      rememberAsLastUrl: true,
    });
  });

  it('never remembers the big-data-show page', () => {
    expect(decideAccess({ ...signedIn, path: BIG_DATA_SHOW_PATH })).toEqual({
      kind: 'allow',
      rememberAsLastUrl: false,
    });
  });

  it('sends a page outside the menu to /404', () => {
    expect(decideAccess({ ...signedIn, path: '/index/userManage' })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });

  it('keeps static routes open for a signed-in user', () => {
    for (const path of ['/404', '/socketAlarm', '/forgetPwd', '/wxredirect', '/videoJsH5']) {
      expect(decideAccess({ ...signedIn, path }).kind).toBe('allow');
    }
  });

  it('treats trailing slashes as the same path', () => {
    expect(decideAccess({ ...signedIn, path: '/index/carList/' }).kind).toBe('allow');
    expect(isPublicPath('/login/')).toBe(true);
  });
});

describe('menuLoadOutcome', () => {
  it('registers on flag true', () => expect(menuLoadOutcome({ flag: true })).toEqual({ kind: 'register' }));
  it('clears the token and goes to /login on flag false', () =>
    expect(menuLoadOutcome({ flag: false })).toEqual({ kind: 'clearTokenAndLogin' }));
  it('clears the token when the request throws', () =>
    expect(menuLoadOutcome({ thrown: new Error('x') })).toEqual({ kind: 'clearToken' }));
});

describe('landing after sign-in without a remembered page', () => {
  const signedIn: AccessInput = { path: '/login', hasToken: true, routesRegistered: true, lastUrl: null, menuPaths: ['/monitor/home', '/monitor/multiCar', '/index/carBrandManagement'], landingPaths: ['/monitor/home', '/monitor/multiCar', '/index/carBrandManagement'] };

  it('lands on the home screen when the menu holds it, wherever it sits', () => {
    expect(decideAccess(signedIn)).toEqual({ kind: 'redirect', to: '/monitor/home' });
    expect(decideAccess({ ...signedIn, landingPaths: ['/index/carBrandManagement', '/monitor/home'] })).toEqual({ kind: 'redirect', to: '/monitor/home' });
  });

  it('otherwise lands on the first page that has a screen, not on a placeholder', () => {
    expect(decideAccess({ ...signedIn, menuPaths: ['/monitor/alarmHandle', '/monitor/multiCar'], landingPaths: ['/monitor/multiCar'] })).toEqual({ kind: 'redirect', to: '/monitor/multiCar' });
  });
});
