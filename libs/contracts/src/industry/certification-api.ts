/** What the industry service's certification module answers the console: types only, browser-safe. */

/** The standard a terminal is certified against: JT/T 808 (positioning terminal) or GB/T 32960 (EV data). */
export const CERTIFICATION_STANDARDS = ['jt808', 'gb32960'] as const;
export type CertificationStandard = (typeof CERTIFICATION_STANDARDS)[number];

/** A test runs until its end time, then is passed (every required check passed) or failed. */
export const CERTIFICATION_STATUSES = ['running', 'passed', 'failed'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/**
 * One check's state: pending until what it needs arrived, passed, failed on the first violation
 * (it stays failed), or skipped (optional and not observed, e.g. no reissue when the link never broke).
 */
export type CertificationCheckStatus = 'pending' | 'passed' | 'failed' | 'skipped';

/**
 * The checks by code. 808: registration, authentication, positionFields, requiredExtras,
 * reportInterval, alarmBits. 32960: login, timeSync, reissue, frameFormat and one per required
 * information unit (unit01 vehicle, unit02 motors, unit05 location, unit06 extremes, unit07 alarms,
 * unit08 cell voltages, unit09 probe temperatures).
 */
export type CertificationCheckCode = string;

/** Why a check is in its state: the frame that decided it (epoch ms), the field and the value seen. */
export interface CertificationEvidence {
  at: number;
  field: string;
  value: string;
  /** A sentence in English for the log; the console builds its own from code, field and value. */
  note?: string;
}

export interface CertificationCheckView {
  code: CertificationCheckCode;
  status: CertificationCheckStatus;
  /** Frames that satisfied the check so far. */
  seen: number;
  evidence: CertificationEvidence | null;
}

/** What a test checks against, with defaults from the standard (docs/industry.md, "Access certification"). */
export interface CertificationSettings {
  /** 808: additional items every position must carry, as ids ("0x01" mileage ...). */
  requiredExtras: string[];
  /** 808: the largest gap between consecutive positions (s). */
  maxReportIntervalS: number;
  /** Frames (positions or reports) a frame-based check needs before it passes. */
  minFrames: number;
  /** Largest difference between a frame's own time and its arrival (s). */
  maxClockSkewS: number;
  /** 808: a 0x0100 registration must be seen during the test. */
  requireRegistration: boolean;
  /** 32960: the information units every real-time report must carry, as ids ("0x01" ...). */
  requiredUnits: string[];
  /** 32960: a 0x03 reissue must be seen (the tester breaks the link during the test). */
  requireReissue: boolean;
}

/** Opening a test. */
export interface CertificationTestInput {
  vehicleId: string;
  standard: CertificationStandard;
  /** 60-86,400 s. */
  durationS: number;
  /** Defaults to the vehicle's terminal (808) or VIN (32960) in the registry. */
  terminalPhone?: string;
  vin?: string;
  settings?: Partial<CertificationSettings>;
  remark?: string;
}

export interface CertificationTestView {
  id: number;
  vehicleId: string;
  plateCode: string;
  companyId: string;
  standard: CertificationStandard;
  terminalPhone: string;
  vin: string;
  durationS: number;
  /** China time "YYYY-MM-DD HH:mm:ss". */
  startedAt: string;
  endsAt: string;
  finishedAt: string | null;
  status: CertificationStatus;
  passedChecks: number;
  failedChecks: number;
  totalChecks: number;
  checks: CertificationCheckView[];
  settings: CertificationSettings;
  createdBy: string;
  remark: string;
  /** Set when the test passed. */
  certificateNo: string | null;
}

/** One vehicle's certificate: the test it passed. */
export interface CertificateView {
  certificateNo: string;
  testId: number;
  vehicleId: string;
  plateCode: string;
  vin: string;
  terminalPhone: string;
  companyId: string;
  standard: CertificationStandard;
  /** China date of issue "YYYY-MM-DD". */
  issuedOn: string;
  checks: CertificationCheckView[];
}
