import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { menuRoot, pagesOf, visibleMenu, type MenuNode, type MenuPage } from './menu-tree';
import { screenFor } from './screen-registry';
import { tokensCleared, loggedOut } from '../session/sessionSlice';

export interface AccessState {
  /** True once the dynamic routes have been registered from the menu tree. */
  readonly routesRegistered: boolean;
  readonly menu: MenuNode[];
  readonly pages: MenuPage[];
  readonly lastUrl: string | null;
}

export const initialAccessState: AccessState = {
  routesRegistered: false,
  menu: [],
  pages: [],
  lastUrl: null,
};

const accessSlice = createSlice({
  name: 'access',
  initialState: initialAccessState,
  reducers: {
    routesRegistered(state, action: PayloadAction<readonly MenuNode[]>) {
      const root = menuRoot(action.payload);
      return { ...state, routesRegistered: true, menu: visibleMenu(root, (screen) => screenFor(screen) !== null), pages: pagesOf(root) };
    },
    lastUrlRemembered(state, action: PayloadAction<string>) {
      return { ...state, lastUrl: action.payload };
    },
  },
  extraReducers: (builder) => {
    const reset = (state: AccessState): AccessState => ({ ...initialAccessState, lastUrl: state.lastUrl });
    builder.addCase(tokensCleared, reset).addCase(loggedOut, reset);
  },
});

export const { routesRegistered, lastUrlRemembered } = accessSlice.actions;
export const accessReducer = accessSlice.reducer;
