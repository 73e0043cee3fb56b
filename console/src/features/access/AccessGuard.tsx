import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { decideAccess, menuLoadOutcome } from './access-flow';
import { isEmbedVisit } from '../video/h5-params';
import { lastUrlRemembered, routesRegistered } from './accessSlice';
import type { MenuNode } from './menu-tree';
import { screenFor } from './screen-registry';
import { tokensCleared } from '../session/sessionSlice';

/** The menu-tree answer as the guard needs it: the nodes, a flag-false answer, or a throw. */
export type MenuTreeResult = { flag: true; nodes: MenuNode[] } | { flag: false } | { thrown: unknown };

export type LoadMenuTree = () => Promise<MenuTreeResult>;

interface AccessGuardProps {
  readonly loadMenuTree: LoadMenuTree;
  /** Called after every navigation (version check). */
  readonly onNavigate?: (path: string) => void;
  readonly children: ReactNode;
}

/** Applies the §4 access flow to every navigation before the route renders. */
export function AccessGuard({ loadMenuTree, onNavigate, children }: AccessGuardProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const hasToken = useAppSelector((state) => state.session.token !== null);
  const { routesRegistered: registered, pages, lastUrl } = useAppSelector((state) => state.access);
  const loading = useRef(false);

  // A third-party page embedding /videoJsH5 with a token has no session: the server checks the token.
  const decision = isEmbedVisit(location.pathname, location.search) && !hasToken ? ({ kind: 'allow', rememberAsLastUrl: false } as const) : decideAccess({
    path: location.pathname,
    hasToken,
    routesRegistered: registered,
    menuPaths: pages.map((page) => page.path),
    landingPaths: pages.filter((page) => screenFor(page.screen) !== null).map((page) => page.path),
    lastUrl,
  });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const remember = decision.kind === 'allow' && decision.rememberAsLastUrl;

  useEffect(() => {
    window.scrollTo?.(0, 0);
    onNavigate?.(location.pathname);
  }, [location.pathname, onNavigate]);

  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  useEffect(() => {
    if (remember) dispatch(lastUrlRemembered(location.pathname));
  }, [remember, location.pathname, dispatch]);

  useEffect(() => {
    if (decision.kind !== 'loadMenu' || loading.current) return;
    loading.current = true;
    void loadMenuTree()
      .then((result) => {
        const outcome = menuLoadOutcome('thrown' in result ? result : { flag: result.flag });
        if (outcome.kind === 'register' && 'nodes' in result) {
          dispatch(routesRegistered(result.nodes));
          // Navigate again so the freshly registered route matches (spec §4).
          void navigate(`${location.pathname}${location.search}`, { replace: true });
        } else {
          dispatch(tokensCleared());
          if (outcome.kind === 'clearTokenAndLogin') void navigate('/login', { replace: true });
        }
      })
      .finally(() => {
        loading.current = false;
      });
  }, [decision.kind, loadMenuTree, dispatch, navigate, location.pathname, location.search]);

  if (decision.kind !== 'allow') {
    return (
      <div className="of-page-state" role="status">
        <Spinner aria-label={t('page.menuLoading')} />
      </div>
    );
  }
  return <>{children}</>;
}
