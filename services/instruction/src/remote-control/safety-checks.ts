import { decodeCondition, type ConditionCanValue, type VehicleConditionView } from '@openfleet/contracts';
import { ErrorCode } from '@openfleet/errors';

/** What the platform knows beside the vehicle's condition when it checks a remote operation. */
export interface SafetyContext {
  /** The vehicle's newest engine order that succeeded was a remote start (0x8500 0xF001 = 01). */
  lastEngineOrderWasStart: boolean;
  /** Remote starts sent (open or successful) within the start-limit window. */
  startsInWindow: number;
  startLimit: number;
  /** Lowest battery voltage of a 12 V system; a 24 V system (a reading above 18 V) needs twice this. */
  minBatteryV: number;
  minFuelPercent: number;
  minFuelLitres: number;
}

/** A refusal: the catalogue code and which check failed (the log and the console show it). */
export interface SafetyRefusal {
  errorCode: number;
  check: string;
  /** False when the check refused because the terminal never reported the state it needs. */
  known: boolean;
}

/** CAN signals of the signal table the checks read, found by name (zh_CN or en_US, case-insensitive). */
const CAN_NAMES = {
  handbrake: /手刹|驻车制动|handbrake|parking brake/i,
  window: /车窗|window/i,
  trunk: /后备箱|尾门|trunk|tailgate/i,
  hood: /引擎盖|机舱盖|发动机盖|hood|bonnet/i,
  battery: /蓄电池|battery/i,
  fuel: /燃油|油量|油位|fuel/i,
  gear: /档位|挡位|gear/i,
} as const;

type CanKey = keyof typeof CAN_NAMES;

function canValue(values: readonly ConditionCanValue[], key: CanKey): ConditionCanValue | undefined {
  return values.find((value) => value.value !== null && CAN_NAMES[key].test(value.name));
}

/**
 * GB/T 32960.3 table 8 gear coding, which we adopt for a CAN gear signal: low nibble 0 neutral,
 * 0x0F park; 1-6 forward gears, 0x0D reverse, 0x0E drive.
 */
const parkedGear = (raw: number) => [0x00, 0x0f].includes(Math.round(raw) & 0x0f);

/**
 * The checks before a remote operation, on the vehicle's newest condition (tracking's status word,
 * 0x25 extended signals and CAN values). Null when the operation may go. What happens when a state
 * was never reported is decided per check (docs/instructions.md#remote-control-checks): the status
 * word comes with every 0x0200, so an engine start without one is refused; 0x25 and CAN items are
 * optional for a terminal, so a check on them passes when the vehicle never sent them.
 */
export function checkRemoteOperation(operation: string, condition: VehicleConditionView | null, context: SafetyContext): SafetyRefusal | null {
  const decoded = decodeCondition(condition?.statusFlags ?? null, condition?.extendedSignals ?? null, condition?.ioStatus ?? null);
  const can = condition?.can ?? [];
  const accOn = decoded.acc;
  // A remote start is running while the engine runs after a remote start order succeeded.
  const remoteStarted = context.lastEngineOrderWasStart && accOn !== false;
  const refuse = (errorCode: number, check: string, known = true): SafetyRefusal => ({ errorCode, check, known });

  switch (operation) {
    case 'engineStart':
      return engineStartRefusal(decoded, can, context, refuse);
    case 'engineStop':
      if (accOn === false) return refuse(ErrorCode.REMOTE_ENGINE_NOT_STARTED, 'acc');
      // Running, but the driver started it with the key: only the key stops it.
      if (accOn === true && !context.lastEngineOrderWasStart) return refuse(ErrorCode.REMOTE_KEY_CONTROLLED, 'keyStart');
      return null;
    case 'doorUnlock':
      return remoteStarted ? refuse(ErrorCode.REMOTE_START_NO_UNLOCK, 'remoteStart') : null;
    case 'windowOpen':
      return remoteStarted ? refuse(ErrorCode.REMOTE_START_NO_WINDOW_DOWN, 'remoteStart') : null;
    case 'doorLock':
      if (decoded.doors.some((open) => open === true)) return refuse(ErrorCode.REMOTE_DOOR_OPEN, 'doors');
      return (canValue(can, 'trunk')?.value ?? 0) !== 0 ? refuse(ErrorCode.REMOTE_TRUNK_OPEN, 'trunk') : null;
    default:
      return null;
  }
}

function engineStartRefusal(
  decoded: ReturnType<typeof decodeCondition>,
  can: readonly ConditionCanValue[],
  context: SafetyContext,
  refuse: (errorCode: number, check: string, known?: boolean) => SafetyRefusal,
): SafetyRefusal | null {
  if (context.startsInWindow >= context.startLimit) return refuse(ErrorCode.REMOTE_START_LIMIT_REACHED, 'startLimit');
  // Never reported a status word: doors and lock unknown, a vehicle is not started blind.
  if (decoded.acc === null) return refuse(ErrorCode.REMOTE_DOOR_LOCK_CHECK_FAILED, 'statusWord', false);
  if (decoded.acc) return refuse(ErrorCode.REMOTE_ENGINE_ALREADY_RUNNING, 'acc');
  const gear = canValue(can, 'gear');
  if (decoded.reverse === true || (gear && !parkedGear(gear.value!))) return refuse(ErrorCode.REMOTE_GEAR_CHECK_FAILED, 'gear');
  const handbrake = canValue(can, 'handbrake');
  if (handbrake && handbrake.value === 0) return refuse(ErrorCode.REMOTE_HANDBRAKE_CHECK_FAILED, 'handbrake');
  if (decoded.doors.some((open) => open === true)) return refuse(ErrorCode.REMOTE_DOOR_OPEN, 'doors');
  if (decoded.doorLocked === false) return refuse(ErrorCode.REMOTE_DOOR_LOCK_CHECK_FAILED, 'doorLock');
  if ((canValue(can, 'window')?.value ?? 0) !== 0) return refuse(ErrorCode.REMOTE_WINDOW_CHECK_FAILED, 'windows');
  if ((canValue(can, 'trunk')?.value ?? 0) !== 0) return refuse(ErrorCode.REMOTE_TRUNK_OPEN, 'trunk');
  if ((canValue(can, 'hood')?.value ?? 0) !== 0) return refuse(ErrorCode.REMOTE_HOOD_OPEN, 'hood');
  if (decoded.electricCircuitCut) return refuse(ErrorCode.REMOTE_BATTERY_LOW, 'electricCircuitCut');
  const battery = canValue(can, 'battery');
  if (battery && battery.value! < (battery.value! > 18 ? 2 : 1) * context.minBatteryV) return refuse(ErrorCode.REMOTE_BATTERY_LOW, 'battery');
  if (decoded.oilCircuitCut) return refuse(ErrorCode.REMOTE_FUEL_LOW, 'oilCircuitCut');
  const fuel = canValue(can, 'fuel');
  if (fuel && fuel.value! < (fuel.unit.trim() === '%' ? context.minFuelPercent : context.minFuelLitres)) return refuse(ErrorCode.REMOTE_FUEL_LOW, 'fuel');
  return null;
}
