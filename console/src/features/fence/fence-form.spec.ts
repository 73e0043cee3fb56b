import { FenceAttribute } from '@openfleet/contracts/fence';
import { emptyFenceForm, fenceEditActions, fenceInputOf, formOf } from './fence-form';

const square = { type: 'polygon' as const, points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40]] as [number, number][] };

describe('fence form', () => {
  it('asks for the speed limit and duration (1-255) only when the speed limit bit is set', () => {
    expect(fenceInputOf({ ...emptyFenceForm, name: 'a' }, square).problems).toEqual([]);
    const limited = { ...emptyFenceForm, name: 'a', attributes: FenceAttribute.SPEED_LIMIT };
    expect(fenceInputOf(limited, square).problems).toEqual(['speed', 'duration']);
    expect(fenceInputOf({ ...limited, maxSpeedKmh: '255', overspeedDurationS: '1' }, square).problems).toEqual([]);
    expect(fenceInputOf({ ...limited, maxSpeedKmh: '256', overspeedDurationS: '1' }, square).problems).toEqual(['speed']);
  });

  it('sends the rpm limit (0-20000) with its duration (0-3600 s), none when empty, and refuses what is not a whole number', () => {
    const named = { ...emptyFenceForm, name: 'quarry' };
    expect(fenceInputOf(named, square).input).not.toHaveProperty('rpmLimit');
    const { input, problems } = fenceInputOf({ ...named, rpmLimit: ' 2500 ', overRpmDurationS: '10' }, square);
    expect([input.rpmLimit, input.overRpmDurationS, problems]).toEqual([2500, 10, []]);
    expect(fenceInputOf({ ...named, rpmLimit: '2500' }, square).input.overRpmDurationS).toBe(0);
    expect(fenceInputOf({ ...named, rpmLimit: '20000', overRpmDurationS: '3600' }, square).problems).toEqual([]);
    expect(fenceInputOf({ ...named, rpmLimit: '20001' }, square).problems).toEqual(['rpm']);
    expect(fenceInputOf({ ...named, rpmLimit: '2500', overRpmDurationS: '3601' }, square).problems).toEqual(['rpm']);
    expect(fenceInputOf({ ...named, rpmLimit: '25oo' }, square).problems).toEqual(['rpm']);
    expect(fenceInputOf({ ...named, rpmLimit: '2500.5' }, square).problems).toEqual(['rpm']);
    // A stored limit comes back into the form; none stays empty.
    const stored = { name: 'quarry', attributes: 8, startTime: '', endTime: '', maxSpeedKmh: 0, overspeedDurationS: 0, nightMaxSpeedKmh: 0, maxStayS: 0, muck: null, remark: '' };
    expect(formOf({ ...stored, rpmLimit: 2500, overRpmDurationS: 0 })).toMatchObject({ rpmLimit: '2500', overRpmDurationS: '0' });
    expect(formOf({ ...stored, rpmLimit: 0, overRpmDurationS: 0 })).toMatchObject({ rpmLimit: '', overRpmDurationS: '' });
  });

  it('refuses no attribute at all, a zero radius, a missing name', () => {
    expect(fenceInputOf({ ...emptyFenceForm, name: 'a', attributes: 0 }, square).problems).toEqual(['attributes']);
    expect(fenceInputOf({ ...emptyFenceForm, name: 'c' }, { type: 'circle', center: [116, 39], radiusM: 0 }).problems).toEqual(['radius']);
    expect(fenceInputOf(emptyFenceForm, square).problems).toEqual(['name']);
  });

  it('a polygon marked muck becomes a muck area with its rules, and comes back into the form', () => {
    const { input } = fenceInputOf({ ...emptyFenceForm, name: 'site', muck: true, muckUnload: false }, square);
    expect(input).toMatchObject({ type: 6, muck: { load: true, unload: false, pass: true } });
    const form = formOf({ ...input, startTime: '', endTime: '', maxSpeedKmh: 0, overspeedDurationS: 0, nightMaxSpeedKmh: 0, maxStayS: 0, rpmLimit: 0, overRpmDurationS: 0, muck: input.muck!, remark: '' });
    expect(form).toMatchObject({ muck: true, muckUnload: false, name: 'site' });
  });

  it('offers no save or delete on a fence seen through a granted vehicle, and delete only on a stored fence with the power', () => {
    expect(fenceEditActions({ readOnly: true }, true)).toEqual({ save: false, remove: false });
    expect(fenceEditActions({}, true)).toEqual({ save: true, remove: true });
    expect(fenceEditActions({ readOnly: false }, false)).toEqual({ save: true, remove: false });
    expect(fenceEditActions(null, true)).toEqual({ save: true, remove: false });
  });
});
