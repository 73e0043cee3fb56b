import { BIG_DATA_SHOW_PATH, HOME_PATH, normalisePath } from './menu-tree';

/** Spec §2: paths that need no login, exactly. */
export const PUBLIC_PATHS: readonly string[] = ['/', '/login', '/404', '/socketAlarm', '/register'];

/** Static routes that exist for everyone once signed in (spec §2). */
export const STATIC_PATHS: readonly string[] = [...PUBLIC_PATHS, '/forgetPwd', '/wxredirect', '/videoJsH5'];

export interface AccessInput {
  readonly path: string;
  readonly hasToken: boolean;
  readonly routesRegistered: boolean;
  /** Paths of the registered dynamic pages. */
  readonly menuPaths: readonly string[];
  /** Those of them with a built screen, in menu order: where a sign-in lands (home when held). */
  readonly landingPaths?: readonly string[];
  readonly lastUrl: string | null;
}

export type AccessDecision =
  | { readonly kind: 'allow'; readonly rememberAsLastUrl: boolean }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'loadMenu' };

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(normalisePath(path));
}

const allow = (rememberAsLastUrl = false): AccessDecision => ({ kind: 'allow', rememberAsLastUrl });

/**
 * The §4 access flow as a pure decision for one navigation:
 * no token -> public paths only; token without routes -> load the menu tree first;
 * /login with a token goes to LastUrl; a page outside the menu goes to /404.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const path = normalisePath(input.path);
  if (!input.hasToken) return isPublicPath(path) ? allow() : { kind: 'redirect', to: '/login' };
  if (!input.routesRegistered) return { kind: 'loadMenu' };
  if (path === '/login' || path === '/') {
    // A LastUrl from an earlier menu may be gone; then home, else the first built page of the menu.
    const remembered = input.lastUrl ? normalisePath(input.lastUrl) : null;
    const landing = input.landingPaths ?? input.menuPaths;
    const fallback = landing.includes(HOME_PATH) ? HOME_PATH : (landing[0] ?? input.menuPaths[0] ?? null);
    const target = remembered && input.menuPaths.includes(remembered) ? remembered : fallback;
    if (target) return { kind: 'redirect', to: target };
    if (path === '/') return { kind: 'redirect', to: '/login' };
    return allow();
  }
  if (STATIC_PATHS.includes(path)) return allow();
  if (input.menuPaths.includes(path)) return allow(path !== BIG_DATA_SHOW_PATH);
  return { kind: 'redirect', to: '/404' };
}

/** What the guard does with the answer of the menu-tree fetch (spec §4, §8). */
export type MenuLoadOutcome =
  { readonly kind: 'register' } | { readonly kind: 'clearTokenAndLogin' } | { readonly kind: 'clearToken' };

export function menuLoadOutcome(result: { flag: boolean } | { thrown: unknown }): MenuLoadOutcome {
  if ('thrown' in result) return { kind: 'clearToken' };
  return result.flag ? { kind: 'register' } : { kind: 'clearTokenAndLogin' };
}
