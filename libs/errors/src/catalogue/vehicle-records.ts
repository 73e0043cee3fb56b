import type { ErrorTable } from './error-table';

/** Vehicle service records: insurance, maintenance, inspection, violation, accident (issue 29, spec §8 10xx block 1001-1019). */
export const vehicleRecordErrors = {
  // Also another company's record: out of scope answers like unknown.
  RECORD_NOT_FOUND: [1001, '记录不存在', 'The record does not exist'],
  RECORD_DUPLICATE: [1002, '记录已存在', 'The record already exists'],
  INSURANCE_PERIOD_INVALID: [1003, '保险结束日期不能早于开始日期', 'The insurance end date is before its start date'],
  INSPECTION_VALIDITY_INVALID: [1004, '年检有效期不能早于年检日期', 'The inspection is valid until a date before the inspection'],
  MAINTENANCE_NEXT_INVALID: [1005, '下次保养里程或日期须在本次之后', 'The next service must come after this one (mileage and date)'],
  RECORD_ATTACHMENT_NOT_FOUND: [1006, '附件不存在', 'The attachment does not exist'],
  RECORD_ATTACHMENT_LIMIT: [1007, '附件数量已达上限', 'The record has as many attachments as allowed'],
} as const satisfies ErrorTable;
