import { Suspense, useEffect } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useAppDispatch } from '../../app/hooks';
import { PowerProvider } from './power-context';
import { screenFor } from './screen-registry';
import type { MenuPage } from './menu-tree';
import { viewAdded } from '../layout/tagViewsSlice';
import { ChunkErrorBoundary } from '../version/ChunkErrorBoundary';
import { NotFound } from '../../pages/NotFound';

/** Renders one menu page: its screen (or the 404 placeholder) with its power list. */
export function ScreenHost({ page }: { page: MenuPage }) {
  const dispatch = useAppDispatch();
  const Screen = screenFor(page.screen);

  useEffect(() => {
    dispatch(viewAdded({ path: page.path, title: page.label, name: page.screen, noCache: page.noCache }));
  }, [dispatch, page.path, page.label, page.screen, page.noCache]);

  return (
    <PowerProvider power={page.power}>
      <ChunkErrorBoundary targetPath={page.path}>
        <Suspense fallback={<Spinner className="of-page-state" />}>
          {Screen ? <Screen power={page.power} /> : <NotFound />}
        </Suspense>
      </ChunkErrorBoundary>
    </PowerProvider>
  );
}
