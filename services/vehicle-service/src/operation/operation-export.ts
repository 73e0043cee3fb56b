import type { OperationResource } from '@openfleet/contracts';
import type { LocalizedColumn, SheetText } from '@openfleet/service-kit';

/** Rows of an export: the list's filters, at most this many. */
export const MAX_EXPORT_ROWS = 100_000;

const text = (zh_CN: string, en_US: string): SheetText => ({ zh_CN, en_US });

const RELATION = { 1: text('直营', 'Owned'), 2: text('挂靠', 'Affiliated'), 3: text('租赁', 'Leased') };
const BUSINESS = { 1: text('报停', 'Suspension'), 2: text('复运', 'Resumption'), 3: text('过户', 'Ownership transfer'), 4: text('注销', 'Deregistration'), 5: text('转籍', 'Registration transfer') };
const APPROVAL = { 0: text('申请', 'Applied'), 1: text('审核通过', 'Approved'), 2: text('驳回', 'Rejected') };
const USE_STATE = { 1: text('营运', 'In operation'), 2: text('报停', 'Suspended'), 3: text('注销', 'Deregistered'), 4: text('转籍', 'Transferred out') };
const STATE = { none: text('', ''), upcoming: text('未开始', 'Not started'), active: text('有效', 'Active'), expiring: text('即将到期', 'Expiring'), expired: text('已到期', 'Expired') };
const YES_NO = { 1: text('是', 'Yes'), 0: text('否', 'No') };

const plate: LocalizedColumn = { key: 'plateCode', header: text('车牌号', 'Plate'), width: 14 };
const remark: LocalizedColumn = { key: 'remark', header: text('备注', 'Remark'), width: 24 };
const day = (key: string, zh: string, en: string): LocalizedColumn => ({ key, header: text(zh, en), kind: 'day', width: 12 });
const computed = (column: LocalizedColumn): LocalizedColumn => ({ ...column, input: false });

export interface OperationSheet {
  name: SheetText;
  fileName: string;
  /** Export columns; the import template is the input ones (an export imports back unchanged). */
  columns: LocalizedColumn[];
}

/** Sheets of the three operation pages: headers and coded values in the requester's language. */
export const OPERATION_SHEETS: Record<OperationResource, OperationSheet> = {
  operatingRelation: {
    name: text('直属车辆', 'Direct vehicles'),
    fileName: 'operating-relation',
    columns: [
      plate,
      { key: 'relationType', header: text('经营关系', 'Relation'), labels: RELATION },
      { key: 'partyName', header: text('业户/车主', 'Party') },
      { key: 'partyPhone', header: text('联系电话', 'Phone') },
      { key: 'partyIdNo', header: text('证件号码', 'ID number'), width: 22 },
      { key: 'contractNo', header: text('合同编号', 'Contract no.') },
      day('contractStart', '合同开始', 'Contract start'),
      day('contractEnd', '合同结束', 'Contract end'),
      { key: 'fee', header: text('费用(元/年)', 'Fee (yuan/year)'), kind: 'number' },
      computed({ key: 'state', header: text('合同状态', 'Contract state'), labels: STATE }),
      remark,
    ],
  },
  serviceTerm: {
    name: text('服务管理', 'Service terms'),
    fileName: 'service-term',
    columns: [
      plate,
      { key: 'packageName', header: text('服务套餐', 'Package') },
      day('startDate', '服务开始', 'Service start'),
      day('endDate', '服务到期', 'Service end'),
      computed({ key: 'daysLeft', header: text('剩余天数', 'Days left') }),
      { key: 'fee', header: text('服务费(元)', 'Fee (yuan)'), kind: 'number' },
      { key: 'paid', header: text('已缴费', 'Paid'), kind: 'boolean', labels: YES_NO },
      computed({ key: 'renewalCount', header: text('续费次数', 'Renewals') }),
      computed({ key: 'state', header: text('服务状态', 'Service state'), labels: STATE }),
      remark,
    ],
  },
  specialBusiness: {
    name: text('特殊业务', 'Special business'),
    fileName: 'special-business',
    columns: [
      plate,
      { key: 'businessType', header: text('业务类型', 'Business type'), labels: BUSINESS },
      { key: 'applicant', header: text('申请人', 'Applicant') },
      { key: 'applicantPhone', header: text('联系电话', 'Phone') },
      { key: 'reason', header: text('原因', 'Reason'), width: 24 },
      day('applyDate', '申请日期', 'Applied on'),
      day('effectiveDate', '生效日期', 'Effective on'),
      day('endDate', '截止日期', 'Ends on'),
      { key: 'newOwner', header: text('新车主/迁入地', 'New owner / destination') },
      computed({ key: 'status', header: text('审核状态', 'Review status'), labels: APPROVAL }),
      computed({ key: 'reviewComment', header: text('审核意见', 'Review comment'), width: 24 }),
      computed({ key: 'useState', header: text('使用状态', 'Use state'), labels: USE_STATE }),
      remark,
    ],
  },
};
