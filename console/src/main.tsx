import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { App } from './app/App';
import { DEFAULT_OAUTH_CLIENT } from './app/console-env';
import { loadPersisted, savePersisted } from './app/persistence';
import { makeStore } from './app/store';
import { notify } from './app/toaster';
import { toCatalogueLocale } from './features/session/error-mapping';
import { checkVersion, fetchVersionJson } from './features/version/version-check';
import { handleChunkError } from './features/version/chunk-error';
import { createI18n } from './i18n';
import { installIconLoader } from './app/icon-loader';

installIconLoader();
const persisted = loadPersisted(window.localStorage);
const i18n = createI18n(persisted.settings.language);
const store = makeStore(persisted, {
  notify,
  goToRoot: () => window.location.assign('/'),
  locale: () => toCatalogueLocale(i18n.language),
  now: () => Date.now(),
  oauthClient: (import.meta.env.VITE_OAUTH_CLIENT as string | undefined) ?? DEFAULT_OAUTH_CLIENT,
});

let saved = store.getState();
store.subscribe(() => {
  const state = store.getState();
  if (
    state.session === saved.session &&
    state.settings === saved.settings &&
    state.tagViews === saved.tagViews &&
    state.access === saved.access
  )
    return;
  saved = state;
  savePersisted(window.localStorage, state);
});

const versionCheck = (): void => {
  if (import.meta.env.DEV) return;
  void checkVersion({
    fetchVersion: () => fetchVersionJson(),
    store: window.localStorage,
    reload: () => window.location.reload(),
  });
};

// Vite reports failed preloads of lazy chunks here (missing file after a deploy).
window.addEventListener('vite:preloadError', (event) => {
  if (
    handleChunkError(window.location.pathname, {
      session: window.sessionStorage,
      now: () => Date.now(),
      assign: (path) => window.location.assign(path),
      reload: () => window.location.reload(),
    })
  )
    event.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter basename="/">
          <App onNavigate={versionCheck} />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
