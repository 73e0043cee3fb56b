import type { CertificateView, CertificationTestView } from '@openfleet/contracts';
import type { SheetColumn } from '@openfleet/service-kit';

const STANDARD_ZH: Record<CertificationTestView['standard'], string> = { jt808: 'JT/T 808', gb32960: 'GB/T 32960' };
const STATUS_ZH: Record<CertificationTestView['status'], string> = { running: '检测中', passed: '通过', failed: '未通过' };

export const TEST_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'id', header: '检测编号', width: 10 },
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'standard', header: '检测标准', width: 12 },
  { key: 'terminal', header: '终端手机号/VIN', width: 20 },
  { key: 'startedAt', header: '开始时间', width: 20 },
  { key: 'endsAt', header: '结束时间', width: 20 },
  { key: 'durationS', header: '时长(秒)', width: 10 },
  { key: 'status', header: '结果', width: 10 },
  { key: 'passed', header: '通过项', width: 10 },
  { key: 'failed', header: '未通过项', width: 40 },
  { key: 'certificateNo', header: '证书编号', width: 20 },
  { key: 'createdBy', header: '检测人', width: 10 },
];

/** The failed checks with their evidence, "unit08: 0x08=absent" each. */
const failures = (row: Pick<CertificationTestView, 'checks'>) =>
  row.checks
    .filter((check) => check.status === 'failed')
    .map((check) => `${check.code}: ${check.evidence ? `${check.evidence.field}=${check.evidence.value}` : ''}`)
    .join('; ');

/** A test as the sheet writes it; `operatorName` writes 检测人 (a user id) in words (UserDirectory). */
export const testSheetRow = (row: CertificationTestView, operatorName: (userId: string) => string) => ({
  ...row,
  standard: STANDARD_ZH[row.standard],
  terminal: row.standard === 'jt808' ? row.terminalPhone : row.vin,
  status: STATUS_ZH[row.status],
  passed: `${row.passedChecks}/${row.totalChecks}`,
  failed: failures(row),
  certificateNo: row.certificateNo ?? '',
  createdBy: operatorName(row.createdBy),
});

export const CERTIFICATE_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'certificateNo', header: '证书编号', width: 20 },
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'vin', header: 'VIN', width: 20 },
  { key: 'terminalPhone', header: '终端手机号', width: 14 },
  { key: 'standard', header: '检测标准', width: 12 },
  { key: 'issuedOn', header: '发证日期', width: 12 },
  { key: 'testId', header: '检测编号', width: 10 },
  { key: 'checks', header: '检测项', width: 60 },
];

export const certificateSheetRow = (row: CertificateView) => ({
  ...row,
  standard: STANDARD_ZH[row.standard],
  checks: row.checks.map((check) => `${check.code}:${check.status}`).join(', '),
});
