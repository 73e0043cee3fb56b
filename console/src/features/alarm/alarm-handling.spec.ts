import { emptyHandleForm, handleRequestOf } from './alarm-handling';

describe('alarm handling request', () => {
  it('refuses to close alarms until a result is chosen (none preselected)', () => {
    expect(emptyHandleForm.handleResult).toBe('');
    expect(handleRequestOf([{ id: 7 } as never], emptyHandleForm)).toEqual({ missing: 'alarm.handling.pickResult' });
    expect(handleRequestOf([], { ...emptyHandleForm, handleResult: '18' })).toEqual({ missing: 'alarm.selectOne' });
    expect(handleRequestOf([{ id: 7 } as never], { ...emptyHandleForm, handleResult: '22', remark: ' ' })).toEqual({ missing: 'alarm.handling.remarkRequired' });
  });

  it('sends the ids of the alarms named in the dialog with the chosen result', () => {
    expect(handleRequestOf([{ id: 7 }, { id: 9 }] as never[], { handleStatus: '1', handleResult: '18', remark: ' ok ' })).toEqual({ request: { alarmIds: ['7', '9'], handleStatus: 1, handleResult: 18, remark: 'ok' } });
    // Not handled / later: no result needed.
    expect(handleRequestOf([{ id: 7 }] as never[], { handleStatus: '2', handleResult: '', remark: '' })).toEqual({ request: { alarmIds: ['7'], handleStatus: 2, remark: '' } });
  });
});
