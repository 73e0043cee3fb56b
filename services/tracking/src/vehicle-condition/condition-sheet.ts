import { decodeCondition, type ConditionFlag, type VehicleConditionView } from '@openfleet/contracts';
import type { SheetColumn } from '@openfleet/service-kit';

const onOff = (flag: ConditionFlag, on = '开', off = '关') => (flag === null ? '' : flag ? on : off);
const DOORS = ['前门', '中门', '后门', '驾驶席门', '自定义门'];

export const CONDITION_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 12 },
  { key: 'online', header: '在线', width: 8 },
  { key: 'gpsTime', header: '定位时间', width: 20 },
  { key: 'acc', header: 'ACC', width: 8 },
  { key: 'located', header: '定位', width: 8 },
  { key: 'doors', header: '车门', width: 20 },
  { key: 'doorLock', header: '门锁', width: 8 },
  { key: 'oilCircuit', header: '油路', width: 8 },
  { key: 'electricCircuit', header: '电路', width: 8 },
  { key: 'lowBeam', header: '近光灯', width: 8 },
  { key: 'highBeam', header: '远光灯', width: 8 },
  { key: 'leftTurn', header: '左转向灯', width: 8 },
  { key: 'rightTurn', header: '右转向灯', width: 8 },
  { key: 'brake', header: '制动', width: 8 },
  { key: 'io', header: 'IO状态', width: 12 },
  { key: 'ad0', header: '模拟量AD0', width: 10 },
  { key: 'ad1', header: '模拟量AD1', width: 10 },
  { key: 'signalStrength', header: '信号强度', width: 10 },
  { key: 'satellites', header: '卫星数', width: 8 },
  { key: 'can', header: 'CAN数据', width: 40 },
];

/** One export row: the decoded states in the words of the console (zh_CN), '' where the vehicle reported nothing. */
export function conditionSheetRow(row: VehicleConditionView): Record<string, unknown> {
  const states = decodeCondition(row.statusFlags, row.extendedSignals, row.ioStatus);
  const openDoors = states.doors.flatMap((open, index) => (open ? [DOORS[index]] : []));
  return {
    plateCode: row.plateCode,
    online: row.vehicleStatus ? '在线' : '离线',
    gpsTime: row.gpsTime ?? '',
    acc: onOff(states.acc),
    located: onOff(states.located, '已定位', '未定位'),
    doors: row.statusFlags === null ? '' : openDoors.length ? `${openDoors.join('、')}开` : '全部关闭',
    doorLock: onOff(states.doorLocked, '加锁', '解锁'),
    oilCircuit: onOff(states.oilCircuitCut, '断开', '正常'),
    electricCircuit: onOff(states.electricCircuitCut, '断开', '正常'),
    lowBeam: onOff(states.lowBeam),
    highBeam: onOff(states.highBeam),
    leftTurn: onOff(states.leftTurn),
    rightTurn: onOff(states.rightTurn),
    brake: onOff(states.brake),
    io: states.deepSleep ? '深度休眠' : states.sleep ? '休眠' : row.ioStatus === null ? '' : '正常',
    ad0: row.analog?.ad0 ?? '',
    ad1: row.analog?.ad1 ?? '',
    signalStrength: row.signalStrength ?? '',
    satellites: row.satellites ?? '',
    can: row.can.map((value) => `${value.name} ${value.value ?? '-'}${value.unit ? ` ${value.unit}` : ''}`).join('; '),
  };
}
