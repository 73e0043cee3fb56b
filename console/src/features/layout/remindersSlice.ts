import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Badge counters fed by the socket.io hub (spec §2: message, insurance, annual-inspection reminders). */
export interface RemindersState {
  readonly messages: number;
  readonly insurance: number;
  readonly annualInspection: number;
}

export type ReminderKind = keyof RemindersState;

export const initialRemindersState: RemindersState = { messages: 0, insurance: 0, annualInspection: 0 };

const remindersSlice = createSlice({
  name: 'reminders',
  initialState: initialRemindersState,
  reducers: {
    remindersReceived(state, action: PayloadAction<Partial<RemindersState>>) {
      return { ...state, ...action.payload };
    },
    reminderCleared(state, action: PayloadAction<ReminderKind>) {
      return { ...state, [action.payload]: 0 };
    },
  },
});

export const { remindersReceived, reminderCleared } = remindersSlice.actions;
export const remindersReducer = remindersSlice.reducer;
