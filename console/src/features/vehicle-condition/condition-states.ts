import type { IconName } from '@blueprintjs/icons';
import { decodeCondition, type ConditionFlag, type DecodedCondition, type VehicleConditionView } from '@openfleet/contracts/live';

/** How a state shows: a tag with an icon, coloured by what it means for the operator. */
export type StateTone = 'on' | 'off' | 'warning' | 'unknown';

/** One displayed state: its label key, its value key and its tone. */
export interface ConditionState {
  readonly key: string;
  readonly labelKey: string;
  readonly valueKey: string;
  readonly tone: StateTone;
  readonly icon: IconName;
}

const UNKNOWN = 'condition.value.unknown';

function flagState(key: string, icon: IconName, flag: ConditionFlag, on: string, off: string, warnWhenOn = false): ConditionState {
  if (flag === null) return { key, labelKey: `condition.state.${key}`, valueKey: UNKNOWN, tone: 'unknown', icon };
  return { key, labelKey: `condition.state.${key}`, valueKey: `condition.value.${flag ? on : off}`, tone: flag ? (warnWhenOn ? 'warning' : 'on') : 'off', icon };
}

/** The door, ACC, lock and circuit states of the status word (JT/T 808-2019 table 25). */
export function bodyStates(decoded: DecodedCondition): ConditionState[] {
  const doorNames = ['front', 'middle', 'rear', 'driver', 'custom'];
  return [
    flagState('acc', 'power', decoded.acc, 'on', 'off'),
    flagState('located', 'locate', decoded.located, 'located', 'notLocated'),
    ...decoded.doors.map((open, index) => flagState(`door.${doorNames[index]}`, 'log-out', open, 'open', 'closed', true)),
    flagState('doorLock', 'lock', decoded.doorLocked, 'locked', 'unlocked'),
    flagState('oilCircuit', 'oil-field', decoded.oilCircuitCut, 'cut', 'normal', true),
    flagState('electricCircuit', 'lightning', decoded.electricCircuitCut, 'cut', 'normal', true),
  ];
}

/** Lights and brake and the other signals of the extended vehicle signal status (0x25, table 31). */
export function signalStates(decoded: DecodedCondition): ConditionState[] {
  return [
    flagState('lowBeam', 'flash', decoded.lowBeam, 'on', 'off'),
    flagState('highBeam', 'flash', decoded.highBeam, 'on', 'off'),
    flagState('leftTurn', 'arrow-left', decoded.leftTurn, 'on', 'off'),
    flagState('rightTurn', 'arrow-right', decoded.rightTurn, 'on', 'off'),
    flagState('brake', 'stop', decoded.brake, 'on', 'off', true),
    flagState('reverse', 'undo', decoded.reverse, 'on', 'off'),
    flagState('fogLight', 'cloud', decoded.fogLight, 'on', 'off'),
    flagState('clearanceLights', 'lightbulb', decoded.clearanceLights, 'on', 'off'),
    flagState('horn', 'volume-up', decoded.horn, 'on', 'off'),
    flagState('airConditioner', 'snowflake', decoded.airConditioner, 'on', 'off'),
    flagState('neutral', 'circle', decoded.neutral, 'on', 'off'),
    flagState('retarder', 'dashboard', decoded.retarder, 'on', 'off'),
    flagState('abs', 'shield', decoded.abs, 'on', 'off'),
    flagState('heater', 'flame', decoded.heater, 'on', 'off'),
    flagState('clutch', 'exchange', decoded.clutch, 'on', 'off'),
  ];
}

/** The IO status (0x2A, table 32): deep sleep, sleep, or awake. */
export function ioState(decoded: DecodedCondition): ConditionState {
  const icon: IconName = 'moon';
  if (decoded.deepSleep === null) return { key: 'io', labelKey: 'condition.state.io', valueKey: UNKNOWN, tone: 'unknown', icon };
  const valueKey = decoded.deepSleep ? 'condition.value.deepSleep' : decoded.sleep ? 'condition.value.sleep' : 'condition.value.awake';
  return { key: 'io', labelKey: 'condition.state.io', valueKey, tone: decoded.deepSleep || decoded.sleep ? 'warning' : 'on', icon };
}

/** The load state of status bits 8-9 and the GNSS systems in use (bits 18-21). */
export function loadKey(decoded: DecodedCondition): string {
  return decoded.load === null ? UNKNOWN : `condition.value.load.${decoded.load}`;
}

export function gnssSystems(decoded: DecodedCondition): string[] {
  return (['gps', 'beidou', 'glonass', 'galileo'] as const).filter((system) => decoded.gnss[system]);
}

/** Every decoded state of a condition row. */
export function conditionStates(row: Pick<VehicleConditionView, 'statusFlags' | 'extendedSignals' | 'ioStatus'>) {
  const decoded = decodeCondition(row.statusFlags, row.extendedSignals, row.ioStatus);
  return { decoded, body: bodyStates(decoded), signals: signalStates(decoded), io: ioState(decoded) };
}

/** The doors reported open (door keys), for the table's door cell. */
export function openDoors(decoded: DecodedCondition): string[] {
  const doorNames = ['front', 'middle', 'rear', 'driver', 'custom'];
  return decoded.doors.flatMap((open, index) => (open ? [doorNames[index]] : []));
}
