import { FenceAttribute } from '@openfleet/contracts/fence';
import { emptyFenceForm, fenceInputOf, formOf } from './fence-form';

const square = { type: 'polygon' as const, points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40]] as [number, number][] };

describe('fence form', () => {
  it('asks for the speed limit and duration (1-255) only when the speed limit bit is set', () => {
    expect(fenceInputOf({ ...emptyFenceForm, name: 'a' }, square).problems).toEqual([]);
    const limited = { ...emptyFenceForm, name: 'a', attributes: FenceAttribute.SPEED_LIMIT };
    expect(fenceInputOf(limited, square).problems).toEqual(['speed', 'duration']);
    expect(fenceInputOf({ ...limited, maxSpeedKmh: '255', overspeedDurationS: '1' }, square).problems).toEqual([]);
    expect(fenceInputOf({ ...limited, maxSpeedKmh: '256', overspeedDurationS: '1' }, square).problems).toEqual(['speed']);
  });

  it('refuses no attribute at all, a zero radius, a missing name', () => {
    expect(fenceInputOf({ ...emptyFenceForm, name: 'a', attributes: 0 }, square).problems).toEqual(['attributes']);
    expect(fenceInputOf({ ...emptyFenceForm, name: 'c' }, { type: 'circle', center: [116, 39], radiusM: 0 }).problems).toEqual(['radius']);
    expect(fenceInputOf(emptyFenceForm, square).problems).toEqual(['name']);
  });

  it('a polygon marked muck becomes a muck area with its rules, and comes back into the form', () => {
    const { input } = fenceInputOf({ ...emptyFenceForm, name: 'site', muck: true, muckUnload: false }, square);
    expect(input).toMatchObject({ type: 6, muck: { load: true, unload: false, pass: true } });
    const form = formOf({ ...input, startTime: '', endTime: '', maxSpeedKmh: 0, overspeedDurationS: 0, nightMaxSpeedKmh: 0, maxStayS: 0, muck: input.muck!, remark: '' });
    expect(form).toMatchObject({ muck: true, muckUnload: false, name: 'site' });
  });
});
