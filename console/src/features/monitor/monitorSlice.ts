import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { PANE_LAYOUTS, type PaneCount } from './pane-layout';

/** Spec §9 screen splits: 1, 2, 4, 6, 8, 9, 10, 13, 16 map panes (pane-layout.ts). */
export const PANE_SPLITS = PANE_LAYOUTS;
export type PaneSplit = PaneCount;

export interface MonitorState {
  /** The multi-vehicle selection list (spec §4): checked vehicle ids, shown on the map and subscribed. */
  readonly checked: Readonly<Record<string, true>>;
  /** The vehicle of the info panel and of the instruction launcher. */
  readonly selected: string | null;
  readonly split: PaneSplit;
}

const initialState: MonitorState = { checked: {}, selected: null, split: 1 };

const monitorSlice = createSlice({
  name: 'monitor',
  initialState,
  reducers: {
    vehiclesChecked(state, action: PayloadAction<{ ids: readonly string[]; checked: boolean }>) {
      const checked: Record<string, true> = { ...(state.checked as Record<string, true>) };
      for (const id of action.payload.ids) {
        if (action.payload.checked) checked[id] = true;
        else delete checked[id];
      }
      const selected = state.selected && !checked[state.selected] && !action.payload.checked ? null : state.selected;
      return { ...state, checked, selected };
    },
    vehicleSelected(state, action: PayloadAction<string | null>) {
      state.selected = action.payload;
    },
    splitChosen(state, action: PayloadAction<PaneSplit>) {
      if ((PANE_SPLITS as readonly number[]).includes(action.payload)) state.split = action.payload;
    },
  },
});

export const { vehiclesChecked, vehicleSelected, splitChosen } = monitorSlice.actions;
export const monitorReducer = monitorSlice.reducer;
