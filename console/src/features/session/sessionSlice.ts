import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenTiming } from './token-refresh';

/** Answer of /login and /auth/oauth/token. */
export interface TokenGrant {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
}

export interface SessionUser {
  readonly id: string;
  readonly name: string;
}

export interface SessionState {
  readonly token: string | null;
  readonly refreshToken: string | null;
  readonly timing: TokenTiming | null;
  readonly user: SessionUser | null;
}

export const initialSessionState: SessionState = {
  token: null,
  refreshToken: null,
  timing: null,
  user: null,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    tokenGranted(state, action: PayloadAction<{ grant: TokenGrant; receivedAt: number }>) {
      const { grant, receivedAt } = action.payload;
      return {
        ...state,
        token: grant.access_token,
        refreshToken: grant.refresh_token,
        timing: { expiresIn: grant.expires_in, loadExpires: receivedAt },
      };
    },
    userLoaded(state, action: PayloadAction<SessionUser>) {
      return { ...state, user: action.payload };
    },
    /** Refresh error 100: the tokens are gone, the user stays until a new login. */
    tokensCleared(state) {
      return { ...state, token: null, refreshToken: null, timing: null };
    },
    /** 401/402/403/41002 and sign-out: user id and token removed. */
    loggedOut() {
      return initialSessionState;
    },
  },
});

export const { tokenGranted, userLoaded, tokensCleared, loggedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
