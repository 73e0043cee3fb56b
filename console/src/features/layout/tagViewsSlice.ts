import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One visited page shown as a tab (spec §4 "visited-view tabs"). */
export interface TagView {
  readonly path: string;
  /** i18n key or menu label. */
  readonly title: string;
  /** Screen name, the key for the view cache. */
  readonly name: string;
  readonly affix?: boolean;
  readonly noCache?: boolean;
}

export interface TagViewsState {
  readonly visited: TagView[];
  /** Screen names kept alive; pages with noCache are never here. */
  readonly cached: string[];
}

export const initialTagViewsState: TagViewsState = { visited: [], cached: [] };

function cachedOf(visited: readonly TagView[]): string[] {
  return [...new Set(visited.filter((view) => !view.noCache).map((view) => view.name))];
}

const tagViewsSlice = createSlice({
  name: 'tagViews',
  initialState: initialTagViewsState,
  reducers: {
    /** Adds the tab only when its path is not present yet. */
    viewAdded(state, action: PayloadAction<TagView>) {
      if (state.visited.some((view) => view.path === action.payload.path)) return state;
      const visited = [...state.visited, action.payload];
      return { visited, cached: cachedOf(visited) };
    },
    viewDeleted(state, action: PayloadAction<string>) {
      const visited = state.visited.filter((view) => view.path !== action.payload);
      return { visited, cached: cachedOf(visited) };
    },
    /** Keeps the given tab and every affixed one. */
    othersDeleted(state, action: PayloadAction<string>) {
      const visited = state.visited.filter((view) => view.affix || view.path === action.payload);
      return { visited, cached: cachedOf(visited) };
    },
    /** Keeps affixed tabs only. */
    allDeleted(state) {
      const visited = state.visited.filter((view) => view.affix);
      return { visited, cached: cachedOf(visited) };
    },
  },
});

export const { viewAdded, viewDeleted, othersDeleted, allDeleted } = tagViewsSlice.actions;
export const tagViewsReducer = tagViewsSlice.reducer;

/** Where to go after closing `closedPath`: the last remaining tab, or null to stay. */
export function nextPathAfterClose(
  visited: readonly TagView[],
  closedPath: string,
  currentPath: string,
): string | null {
  if (closedPath !== currentPath) return null;
  const remaining = visited.filter((view) => view.path !== closedPath);
  return remaining.length > 0 ? remaining[remaining.length - 1]!.path : '/login';
}
