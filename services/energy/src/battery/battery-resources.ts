import type { SheetColumn } from '@openfleet/service-kit';
import { BatteryModelDto, BatteryModuleDto, BatteryPackDto, BatteryRecordDto } from './battery.dto';
import { BatteryModel, BatteryModule, BatteryPack, BatteryRecord, type RecordKind } from './battery.entities';

export type BatteryEntity = typeof BatteryModel | typeof BatteryPack | typeof BatteryModule | typeof BatteryRecord;

/** One traceability list of the console: its table, the screens whose action codes open it, its sheet. */
export interface BatteryResource {
  readonly entity: BatteryEntity;
  readonly dto: new () => object;
  /** Screens (menu names) whose `<screen>:<action>` codes allow the action here. */
  readonly screens: readonly string[];
  /** The record kinds of this list (records only). */
  readonly kinds?: readonly RecordKind[];
  /** The unique code of a row (models, packs, modules); records have none. */
  readonly codeField?: 'modelCode' | 'packCode' | 'moduleCode';
  readonly searchFields: readonly string[];
  readonly columns: SheetColumn[];
  /** Records are a log: added and imported, never edited or deleted. A list of several kinds is read-only. */
  readonly appendOnly?: boolean;
  readonly readOnly?: boolean;
}

const recordColumns: SheetColumn[] = [
  { key: 'kind', header: '类型' },
  { key: 'packCode', header: '电池包编码', width: 28 },
  { key: 'happenedOn', header: '日期' },
  { key: 'party', header: '仓库/回收企业/接收方', width: 22 },
  { key: 'residualCapacityPct', header: '剩余容量(%)' },
  { key: 'destination', header: '去向' },
  { key: 'reason', header: '原因', width: 24 },
  { key: 'operator', header: '经办人' },
];

const recordResource = (screens: string[], kinds: RecordKind[], readOnly = false): BatteryResource => ({
  entity: BatteryRecord,
  dto: BatteryRecordDto,
  screens,
  kinds,
  searchFields: ['packCode', 'party'],
  columns: recordColumns,
  appendOnly: true,
  readOnly,
});

/** URL segment under /energy/battery -> the list it serves. */
export const BATTERY_RESOURCES: Readonly<Record<string, BatteryResource>> = {
  models: {
    entity: BatteryModel,
    dto: BatteryModelDto,
    screens: ['batteryModel'],
    codeField: 'modelCode',
    searchFields: ['modelCode', 'name', 'manufacturer'],
    columns: [
      { key: 'modelCode', header: '型号编码' },
      { key: 'name', header: '型号名称' },
      { key: 'chemistry', header: '电池类型' },
      { key: 'ratedCapacityAh', header: '额定容量(Ah)' },
      { key: 'ratedVoltageV', header: '额定电压(V)' },
      { key: 'ratedEnergyKwh', header: '额定能量(kWh)' },
      { key: 'cellCount', header: '单体数' },
      { key: 'manufacturer', header: '生产企业' },
    ],
  },
  packs: {
    entity: BatteryPack,
    dto: BatteryPackDto,
    screens: ['batteryProductionInfo', 'batteryPackInformation', 'afterSaleBatteryPackInfo'],
    codeField: 'packCode',
    searchFields: ['packCode', 'modelCode', 'vin', 'batch'],
    columns: [
      { key: 'packCode', header: '电池包编码', width: 28 },
      { key: 'modelCode', header: '型号编码' },
      { key: 'producer', header: '生产企业' },
      { key: 'producedOn', header: '生产日期' },
      { key: 'batch', header: '批次' },
      { key: 'vin', header: 'VIN', width: 20 },
      { key: 'installedOn', header: '装车日期' },
      { key: 'remark', header: '备注' },
    ],
  },
  modules: {
    entity: BatteryModule,
    dto: BatteryModuleDto,
    screens: ['afterSaleBatteryModule'],
    codeField: 'moduleCode',
    searchFields: ['moduleCode', 'packCode'],
    columns: [
      { key: 'moduleCode', header: '模组编码', width: 28 },
      { key: 'packCode', header: '电池包编码', width: 28 },
      { key: 'cellCount', header: '单体数' },
      { key: 'producedOn', header: '生产日期' },
      { key: 'remark', header: '备注' },
    ],
  },
  warehouse: recordResource(['afterSaleBatteryWarehouse'], ['warehouseIn', 'warehouseOut']),
  recovery: recordResource(['batteryRecoveryInfo'], ['recovery']),
  retirement: recordResource(['batteryRetirementInfo'], ['retirement']),
  'factory-retirement': recordResource(['batteryFactoryRetirementInfo'], ['factoryRetirement']),
  retired: recordResource(['batteryRetirement'], ['retirement', 'factoryRetirement'], true),
};
