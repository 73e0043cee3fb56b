import { expiresAt, needsRefresh, REFRESH_MARGIN_MS, refreshRequestBody } from './token-refresh';

describe('token refresh timing (spec §4, §9)', () => {
  const timing = { expiresIn: 3600, loadExpires: 1_000_000 };
  const expiry = 1_000_000 + 3_600_000;

  it('computes the expiry from expiresIn and loadExpires', () => {
    expect(expiresAt(timing)).toBe(expiry);
  });

  it('does not refresh while more than 60 s remain', () => {
    expect(needsRefresh(timing, expiry - REFRESH_MARGIN_MS)).toBe(false);
    expect(needsRefresh(timing, 1_000_000)).toBe(false);
  });

  it('refreshes once under 60 s remain, and after expiry', () => {
    expect(needsRefresh(timing, expiry - REFRESH_MARGIN_MS + 1)).toBe(true);
    expect(needsRefresh(timing, expiry + 5000)).toBe(true);
  });

  it('never refreshes without timing data', () => {
    expect(needsRefresh(null, Date.now())).toBe(false);
    expect(needsRefresh({ expiresIn: Number.NaN, loadExpires: 1 }, 2)).toBe(false);
  });

  it('builds the refresh form body', () => {
    expect(refreshRequestBody('r1').toString()).toBe(
      'refresh_token=r1&grant_type=refresh_token&scope=server',
    );
  });
});
