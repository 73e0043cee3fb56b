import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '@openfleet/errors';

export const THEMES = ['blue', 'green', 'dark', 'cyan', 'purple'] as const;
export type Theme = (typeof THEMES)[number];
/** Spec §1/§9 default theme colour. */
export const DEFAULT_THEME_COLOR = '10171E';

export interface SettingsState {
  readonly language: Locale;
  readonly theme: Theme;
  readonly themeColor: string;
  /** Navigation collapsed by default, left menu expanded by default (spec §4). */
  readonly navCollapsed: boolean;
  readonly menuCollapsed: boolean;
}

export const initialSettingsState: SettingsState = {
  language: 'zh_CN',
  theme: 'dark',
  themeColor: DEFAULT_THEME_COLOR,
  navCollapsed: true,
  menuCollapsed: false,
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    languageChanged(state, action: PayloadAction<Locale>) {
      return { ...state, language: action.payload };
    },
    themeChanged(state, action: PayloadAction<Theme>) {
      return { ...state, theme: action.payload };
    },
    themeColorChanged(state, action: PayloadAction<string>) {
      return { ...state, themeColor: action.payload.replace(/^#/, '') };
    },
    navToggled(state) {
      return { ...state, navCollapsed: !state.navCollapsed };
    },
    menuToggled(state) {
      return { ...state, menuCollapsed: !state.menuCollapsed };
    },
  },
});

export const { languageChanged, themeChanged, themeColorChanged, navToggled, menuToggled } =
  settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
