import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { useLiveSocketSession } from './use-live-socket';
import { AccessGuard, type LoadMenuTree } from '../features/access/AccessGuard';
import { menuApi } from '../features/access/menuApi';
import { ScreenHost } from '../features/access/ScreenHost';
import { AuthScreen } from '../features/auth/AuthScreen';
import { ChunkErrorBoundary } from '../features/version/ChunkErrorBoundary';
import { withChunkTimeout } from '../features/version/chunk-error';
import { NotFound } from '../pages/NotFound';
import { Placeholder } from '../pages/Placeholder';

// The layout (menu, tabs, header) is its own chunk so the sign-in screen stays small.
const Layout = lazy(() => withChunkTimeout(() => import('../features/layout/Layout')));
const SocketAlarmPage = lazy(() => withChunkTimeout(() => import('../features/alarm/SocketAlarmPage')));
const VideoJsH5Page = lazy(() => withChunkTimeout(() => import('../features/video/VideoJsH5Page')));

interface AppProps {
  /** Version check, run on every navigation. */
  readonly onNavigate?: (path: string) => void;
  /** Overrides the menu-tree fetch (tests). */
  readonly loadMenuTree?: LoadMenuTree;
}

/** Static routes, the access guard, and the dynamic routes from the menu tree. */
export function App({ onNavigate, loadMenuTree }: AppProps) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { i18n } = useTranslation();
  const language = useAppSelector((state) => state.settings.language);
  const pages = useAppSelector((state) => state.access.pages);
  // The tab's one live socket follows the session; features only subscribe to it.
  useLiveSocketSession();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
  }, [i18n, language]);

  const fetchMenuTree = useCallback<LoadMenuTree>(async () => {
    const result = await dispatch(
      menuApi.endpoints.getCurrentUserTree.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) return { flag: true, nodes: result.data };
    const error = result.error as { transport?: boolean } | undefined;
    return error && error.transport === false ? { flag: false } : { thrown: result.error };
  }, [dispatch]);

  const dynamicRoutes = useMemo(
    () =>
      pages.map((page) => <Route key={page.path} path={page.path} element={<ScreenHost page={page} />} />),
    [pages],
  );

  return (
    <AccessGuard loadMenuTree={loadMenuTree ?? fetchMenuTree} onNavigate={onNavigate}>
      <ChunkErrorBoundary targetPath={location.pathname}>
        <Suspense fallback={<Spinner className="of-page-state" />}>
          <Routes>
            <Route path="/" element={<Navigate to="/login" replace />} />
            <Route path="/login" element={<AuthScreen mode="login" />} />
            <Route path="/register" element={<AuthScreen mode="register" />} />
            <Route path="/forgetPwd" element={<AuthScreen mode="forgetPwd" />} />
            <Route path="/404" element={<NotFound />} />
            <Route
              path="/socketAlarm"
              element={
                <Suspense fallback={null}>
                  <SocketAlarmPage />
                </Suspense>
              }
            />
            <Route path="/wxredirect" element={<Placeholder titleKey="page.wxredirect.title" />} />
            <Route
              path="/videoJsH5"
              element={
                <Suspense fallback={null}>
                  <VideoJsH5Page />
                </Suspense>
              }
            />
            {pages.length > 0 && <Route element={<Layout />}>{dynamicRoutes}</Route>}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </Suspense>
      </ChunkErrorBoundary>
    </AccessGuard>
  );
}
