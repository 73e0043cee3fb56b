import { cellVoltages, chargeStateKey, extremesOf, HEAT_MIN_SPAN, probeTemperatures, timeSeries } from './battery-view';
import type { BatteryUnit } from './energyApi';

const units: BatteryUnit[] = [
  { type: 1, vehicle: {} },
  // A pack of 5 cells reported in two frames (cells 4-5 first), and a second subsystem.
  { type: 8, voltages: [{ subsystem: 1, voltageV: 17, currentA: 0, totalCells: 5, firstCell: 4, cellVoltagesV: [3.41, 'abnormal'] }] },
  { type: 8, voltages: [{ subsystem: 1, voltageV: 17, currentA: 0, totalCells: 5, firstCell: 1, cellVoltagesV: [3.3, 3.45, 3.29] }, { subsystem: 2, voltageV: 3.4, currentA: 0, totalCells: 1, firstCell: 1, cellVoltagesV: [3.5] }] },
  { type: 9, temperatures: [{ subsystem: 1, probeTempsC: [25, 'invalid', 31] }] },
];

describe('battery view', () => {
  it('places split cell-voltage frames by their first cell, per subsystem', () => {
    expect(cellVoltages(units).map((c) => `${c.subsystem}:${c.no}=${c.value}`)).toEqual(['1:1=3.3', '1:2=3.45', '1:3=3.29', '1:4=3.41', '1:5=abnormal', '2:1=3.5']);
    expect(probeTemperatures(units).map((p) => `${p.no}=${p.value}`)).toEqual(['1=25', '2=invalid', '3=31']);
  });

  it('finds the extremes among numbers only, naming their cells', () => {
    const extremes = extremesOf(cellVoltages(units));
    expect(extremes?.max).toMatchObject({ subsystem: 2, no: 1, value: 3.5 });
    expect(extremes?.min).toMatchObject({ subsystem: 1, no: 3, value: 3.29 });
    expect(extremesOf([{ subsystem: 1, no: 1, value: 'invalid' }])).toBeNull();
  });

  it('spans at least 50 mV for cells and 5 °C for probes', () => {
    expect(HEAT_MIN_SPAN).toEqual({ cell: 0.05, probe: 5 });
  });

  it('names the charging states of spec §4 and nothing else', () => {
    expect([1, 2, 3, 4, 254, 255].map(chargeStateKey)).toEqual(['energy.charge.1', 'energy.charge.2', 'energy.charge.3', 'energy.charge.4', 'energy.charge.254', 'energy.charge.255']);
    expect(chargeStateKey(5)).toBe('energy.charge.none');
    expect(chargeStateKey(null)).toBe('energy.charge.none');
  });

  it('pairs a series with its times, keeping gaps', () => {
    expect(timeSeries([1, 2, 3], [10, null, 30])).toEqual([[1, 10], [2, null], [3, 30]]);
  });
});
