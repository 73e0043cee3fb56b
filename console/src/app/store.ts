import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { DEFAULT_OAUTH_CLIENT, type ConsoleEnv } from './console-env';
import { sessionReducer } from '../features/session/sessionSlice';
import { accessReducer } from '../features/access/accessSlice';
import { settingsReducer } from '../features/layout/settingsSlice';
import { tagViewsReducer } from '../features/layout/tagViewsSlice';
import { liveReducer } from '../features/monitor/liveSlice';
import { monitorReducer } from '../features/monitor/monitorSlice';
import { createLiveThrottle } from '../features/monitor/throttle-middleware';

export const rootReducer = combineReducers({
  session: sessionReducer,
  access: accessReducer,
  settings: settingsReducer,
  tagViews: tagViewsReducer,
  live: liveReducer,
  monitor: monitorReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const quietEnv: ConsoleEnv = {
  notify: () => undefined,
  goToRoot: () => undefined,
  locale: () => 'zh_CN',
  now: () => Date.now(),
  oauthClient: DEFAULT_OAUTH_CLIENT,
};

/** Builds a store; tests pass their own state and environment. */
export function makeStore(preloadedState?: Partial<RootState>, env: ConsoleEnv = quietEnv) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: env } }).concat(api.middleware, createLiveThrottle()),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
