import { PARAMETER_TABLE } from '@openfleet/jt808';
import { PARAMETER_LABELS } from './parameter-labels';

describe('terminal parameter labels', () => {
  it('name every parameter of the codec table in both languages, and nothing else', () => {
    expect(Object.keys(PARAMETER_LABELS).map(Number).sort((a, b) => a - b)).toEqual([...PARAMETER_TABLE.keys()].sort((a, b) => a - b));
    for (const [zh, en] of Object.values(PARAMETER_LABELS)) expect(zh.trim() && en.trim()).toBeTruthy();
  });
});
