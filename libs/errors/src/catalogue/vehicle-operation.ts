import type { ErrorTable } from './error-table';

/** Vehicle operation: operating relations, service terms, special business (issue 28, spec §8 10xx block 1040-1049). */
export const vehicleOperationErrors = {
  OPERATION_PERIOD_INVALID: [1040, '结束日期不能早于开始日期', 'The end date is before the start date'],
  SPECIAL_BUSINESS_REVIEWED: [1041, '业务已审核，不能修改或删除', 'The case has been reviewed and can no longer be changed'],
  SPECIAL_BUSINESS_NOT_ALLOWED: [1042, '车辆当前使用状态不允许办理该业务', "The vehicle's use state does not allow this case"],
} as const satisfies ErrorTable;
