import type { Reading, RealtimeUnit } from '@openfleet/gb32960';

// The valid ranges of GB/T 32960.3-2016 tables 9-19 that the raw field widths allow beyond (SOC
// 0-100 in a byte up to 253, cell voltage 0-60 V in a word ...). The sentinels 0xFE abnormal and
// 0xFF invalid are legal values of every field: a terminal says so instead of inventing one.

export interface UnitViolation {
  field: string;
  value: string;
}

type Range = [field: string, value: Reading, min: number, max: number];

const codeIn = (value: number, codes: number[]) => codes.includes(value) || value === 0xfe || value === 0xff;

function firstOut(ranges: Range[]): UnitViolation | null {
  for (const [field, value, min, max] of ranges) if (typeof value === 'number' && !(value >= min && value <= max)) return { field, value: String(value) };
  return null;
}

function firstBadCode(codes: [field: string, value: number, legal: number[]][]): UnitViolation | null {
  for (const [field, value, legal] of codes) if (!codeIn(value, legal)) return { field, value: String(value) };
  return null;
}

/** The first field of the unit outside its range, or null. */
export function unitViolation(unit: RealtimeUnit): UnitViolation | null {
  if ('vehicle' in unit) {
    const v = unit.vehicle;
    return (
      firstBadCode([['0x01.vehicleState', v.vehicleState, [1, 2, 3]], ['0x01.chargeState', v.chargeState, [1, 2, 3, 4]], ['0x01.runMode', v.runMode, [1, 2, 3]], ['0x01.dcdcState', v.dcdcState, [1, 2]]]) ??
      firstOut([['0x01.speedKmh', v.speedKmh, 0, 220], ['0x01.mileageKm', v.mileageKm, 0, 999_999.9], ['0x01.voltageV', v.voltageV, 0, 1000], ['0x01.currentA', v.currentA, -1000, 1000], ['0x01.socPercent', v.socPercent, 0, 100], ['0x01.insulationKOhm', v.insulationKOhm, 0, 60_000], ['0x01.acceleratorPercent', v.acceleratorPercent, 0, 100], ['0x01.brakePercent', v.brakePercent, 0, 101]])
    );
  }
  if ('motors' in unit) {
    if (!unit.motors.length) return { field: '0x02.count', value: '0' };
    for (const m of unit.motors) {
      const bad =
        firstOut([[`0x02[${m.seq}].seq`, m.seq, 1, 253]]) ??
        firstBadCode([[`0x02[${m.seq}].state`, m.state, [1, 2, 3, 4]]]) ??
        firstOut([[`0x02[${m.seq}].controllerTempC`, m.controllerTempC, -40, 210], [`0x02[${m.seq}].speedRpm`, m.speedRpm, -20_000, 45_531], [`0x02[${m.seq}].torqueNm`, m.torqueNm, -2000, 4553.1], [`0x02[${m.seq}].tempC`, m.tempC, -40, 210], [`0x02[${m.seq}].controllerVoltageV`, m.controllerVoltageV, 0, 6000], [`0x02[${m.seq}].controllerCurrentA`, m.controllerCurrentA, -1000, 1000]]);
      if (bad) return bad;
    }
    return null;
  }
  if ('position' in unit) {
    // Bit 0 set: no valid fix, the coordinates are not judged.
    if (unit.position.status & 1) return null;
    return firstOut([['0x05.longitude', abs(unit.position.longitude), 0, 180], ['0x05.latitude', abs(unit.position.latitude), 0, 90]]);
  }
  if ('extremes' in unit) {
    const e = unit.extremes;
    return firstOut([['0x06.maxCellVoltageV', e.maxCellVoltageV, 0, 15], ['0x06.minCellVoltageV', e.minCellVoltageV, 0, 15], ['0x06.maxTempC', e.maxTempC, -40, 210], ['0x06.minTempC', e.minTempC, -40, 210]]);
  }
  if ('alarms' in unit) {
    const bad = firstBadCode([['0x07.maxLevel', unit.alarms.maxLevel, [0, 1, 2, 3]]]);
    // Bits 19-31 of the general alarm flags are reserved (table 18).
    return bad ?? (unit.alarms.flags >>> 19 ? { field: '0x07.flags', value: `0x${(unit.alarms.flags >>> 0).toString(16)}` } : null);
  }
  if ('voltages' in unit) {
    for (const s of unit.voltages) {
      const bad = firstOut([[`0x08[${s.subsystem}].voltageV`, s.voltageV, 0, 1000], [`0x08[${s.subsystem}].currentA`, s.currentA, -1000, 1000]]);
      if (bad) return bad;
      const cell = s.cellVoltagesV.findIndex((v) => typeof v === 'number' && !(v >= 0 && v <= 60));
      if (cell >= 0) return { field: `0x08[${s.subsystem}].cell${s.firstCell + cell}`, value: String(s.cellVoltagesV[cell]) };
    }
    return null;
  }
  if ('temperatures' in unit) {
    for (const s of unit.temperatures) {
      const probe = s.probeTempsC.findIndex((t) => typeof t === 'number' && !(t >= -40 && t <= 210));
      if (probe >= 0) return { field: `0x09[${s.subsystem}].probe${probe + 1}`, value: String(s.probeTempsC[probe]) };
    }
    return null;
  }
  return null;
}

const abs = (value: Reading): Reading => (typeof value === 'number' ? Math.abs(value) : value);
