import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { makeStore, type RootState } from '../app/store';
import { createI18n } from '../i18n';
import type { Locale } from '@openfleet/errors';
import { initialSettingsState } from '../features/layout/settingsSlice';

/** Shows the current path so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    state,
    language = 'en_US',
  }: { path?: string; state?: Partial<RootState>; language?: Locale } = {},
) {
  const store = makeStore({ settings: { ...initialSettingsState, language }, ...state });
  const i18n = createI18n(language);
  const utils = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { store, i18n, ...utils };
}
