import type { WaybillUploadView, WaybillView } from '@openfleet/contracts';
import type { SheetColumn } from '@openfleet/service-kit';

const STATUS_ZH: Record<WaybillView['status'], string> = { planned: '待发车', onTheWay: '在途', arrived: '已到达' };

export const WAYBILL_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'waybillNo', header: '运单号', width: 20 },
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'driverName', header: '驾驶员', width: 10 },
  { key: 'shipper', header: '托运人', width: 16 },
  { key: 'consignee', header: '收货人', width: 16 },
  { key: 'goods', header: '货物', width: 16 },
  { key: 'weightKg', header: '重量(kg)', width: 10 },
  { key: 'dangerousClass', header: '危险品类别', width: 10 },
  { key: 'origin', header: '起点', width: 16 },
  { key: 'destination', header: '终点', width: 16 },
  { key: 'plannedDepartAt', header: '计划发车', width: 20 },
  { key: 'plannedArriveAt', header: '计划到达', width: 20 },
  { key: 'status', header: '状态', width: 10 },
  { key: 'late', header: '迟到', width: 6 },
  { key: 'departedAt', header: '实际发车', width: 20 },
  { key: 'arrivedAt', header: '实际到达', width: 20 },
];

export const waybillSheetRow = (row: WaybillView) => ({
  ...row,
  dangerousClass: row.dangerousClass ? `第${row.dangerousClass}类` : '普通货物',
  origin: row.origin.name,
  destination: row.destination.name,
  status: STATUS_ZH[row.status],
  late: row.late ? '是' : '否',
  departedAt: row.departedAt ?? '',
  arrivedAt: row.arrivedAt ?? '',
});

export const UPLOAD_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'receivedAt', header: '上报时间', width: 20 },
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'terminalPhone', header: '终端手机号', width: 14 },
  { key: 'driverName', header: '驾驶员', width: 10 },
  { key: 'driverLicence', header: '从业资格证号', width: 20 },
  { key: 'length', header: '长度(字节)', width: 10 },
  { key: 'text', header: '运单内容', width: 60 },
  { key: 'hex', header: '原始数据(HEX)', width: 40 },
];

export const uploadSheetRow = (row: WaybillUploadView) => ({ ...row });
