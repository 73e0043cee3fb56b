import { resources } from '../../i18n';
import { ALARM_TYPES } from './alarm-types';

const zh: Record<string, string> = resources.zh_CN.translation;
const en: Record<string, string> = resources.en_US.translation;

describe('alarm types of the list filter', () => {
  it('are each named in both languages (the filter and the table show the name, not the code)', () => {
    const unnamed = ALARM_TYPES.filter((type) => !zh[`alarm.kind.${type}`] || !en[`alarm.kind.${type}`]);
    expect(unnamed).toEqual([]);
  });

  it('include the fuel ledger\'s theft, named as the spec has it, with its source', () => {
    expect(ALARM_TYPES).toContain('fuelTheft');
    expect([zh['alarm.kind.fuelTheft'], en['alarm.kind.fuelTheft']]).toEqual(['油量异常下降(疑似偷油)', 'Suspected fuel theft']);
    expect([zh['alarm.sourceName.fuel'], en['alarm.sourceName.fuel']]).toEqual(['油量监测', 'Fuel monitoring']);
  });
});
