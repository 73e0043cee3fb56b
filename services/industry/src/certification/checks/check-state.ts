import type { CertificationCheckView, CertificationEvidence, CertificationSettings } from '@openfleet/contracts';

/** A running test's checks by code, plus what the frame checks remember between frames. */
export interface TestProgress {
  checks: CertificationCheckView[];
  /** 808: the last position's time (s), for the reporting interval. */
  lastGpsTimeS?: number;
  /** 808: the protocol version the terminal's 0x0100/0x0102 spoke (decides which alarm bits are reserved). */
  protocolVersion?: string;
  /** 32960: the newest real-time report's collection time (ms): an older reissue is a true backfill. */
  lastLiveAt?: number;
}

export const newCheck = (code: string): CertificationCheckView => ({ code, status: 'pending', seen: 0, evidence: null });

function find(progress: TestProgress, code: string): CertificationCheckView | undefined {
  return progress.checks.find((check) => check.code === code);
}

/** A frame satisfied the check: it passes once `needed` frames did, unless it already failed. */
export function satisfied(progress: TestProgress, code: string, needed: number, evidence: CertificationEvidence): void {
  const check = find(progress, code);
  if (!check || check.status === 'failed') return;
  check.seen++;
  if (check.status === 'pending' && check.seen >= needed) Object.assign(check, { status: 'passed', evidence });
}

/** The first violation decides: the check fails with it and stays failed. */
export function violated(progress: TestProgress, code: string, evidence: CertificationEvidence): void {
  const check = find(progress, code);
  if (!check || check.status === 'failed') return;
  Object.assign(check, { status: 'failed', evidence });
}

/**
 * The test's end: what is still pending was not observed in time and fails, except the optional
 * checks (`optional` codes) which are skipped. Passed only when every check passed or was skipped.
 */
export function finish(progress: TestProgress, at: number, optional: ReadonlySet<string>): boolean {
  for (const check of progress.checks) {
    if (check.status !== 'pending') continue;
    if (optional.has(check.code)) Object.assign(check, { status: 'skipped', evidence: { at, field: check.code, value: 'notObserved', note: 'optional, not observed during the test' } });
    else Object.assign(check, { status: 'failed', evidence: { at, field: check.code, value: check.seen ? `seen ${check.seen}` : 'notObserved', note: check.seen ? 'not enough frames during the test' : 'never observed during the test' } });
  }
  return progress.checks.every((check) => check.status === 'passed' || check.status === 'skipped');
}

/** Checks a test of the standard runs, in the order the log shows them. */
export function checkCodes(standard: 'jt808' | 'gb32960', settings: CertificationSettings): string[] {
  if (standard === 'jt808') return ['registration', 'authentication', 'positionFields', 'requiredExtras', 'reportInterval', 'alarmBits'];
  return ['login', 'timeSync', 'frameFormat', ...settings.requiredUnits.map((unit) => `unit${unit.slice(2).toLowerCase().padStart(2, '0')}`), 'reissue'];
}

/** Checks that may end skipped rather than failed. */
export function optionalCodes(settings: CertificationSettings): Set<string> {
  const optional = new Set<string>();
  if (!settings.requireRegistration) optional.add('registration');
  if (!settings.requireReissue) optional.add('reissue');
  return optional;
}
