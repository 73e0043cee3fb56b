import { validateForm, type FormValues } from '../table-screen/table-model';
import { attachmentProblem } from './attachment-check';
import { emptyRecordForm, recordBody, recordFields, recordNames, recordToForm, type RecordRow } from './record-form';
import { accident, insurance, maintenance, violation } from './record-kinds';

const options = { vehicles: [{ value: '101', label: '京A12345' }], drivers: [{ value: '5', label: '张三' }] };

describe('record forms', () => {
  it('puts the vehicle first and the remark last, codes as selects labelled by the contract codes', () => {
    const fields = recordFields(insurance, options);
    expect(fields[0]).toMatchObject({ name: 'vehicleId', kind: 'select', required: true, options: options.vehicles });
    expect(fields.at(-1)).toMatchObject({ name: 'remark', kind: 'textarea' });
    expect(fields.find((field) => field.name === 'insuranceType')?.options?.map((option) => option.value)).toEqual(['1', '2', '3', '9']);
  });

  it('refuses an insurance that ends before it starts, and bad amounts, before asking the server', () => {
    const fields = recordFields(insurance, options);
    const form = { ...emptyRecordForm(insurance), vehicleId: '101', policyNo: 'PL-1', insuranceType: '1', startDate: '2026-12-01', endDate: '2026-11-30', premium: '12.345' };
    expect(validateForm<FormValues>(fields, form)).toEqual({ endDate: 'vehicleService.endBeforeStart', premium: 'vehicleService.badNumber' });
    expect(validateForm<FormValues>(fields, { ...form, endDate: '2026-12-01', premium: '12.34' })).toEqual({});
  });

  it('wants the next service above this odometer (numerically, not as text)', () => {
    const fields = recordFields(maintenance, options);
    const form = { ...emptyRecordForm(maintenance), vehicleId: '101', serviceDate: '2026-11-01', odometerKm: '9000', nextServiceKm: '15000' };
    expect(validateForm<FormValues>(fields, form)).toEqual({});
    expect(validateForm<FormValues>(fields, { ...form, nextServiceKm: '9000' })).toEqual({ nextServiceKm: 'vehicleService.maintenance.nextNotAfter' });
  });

  it('sends numbers as numbers, empty ones as 0, the optional next service as null', () => {
    const form = { ...emptyRecordForm(maintenance), vehicleId: '101', serviceDate: '2026-11-01', odometerKm: '9000.5', fee: '' };
    expect(recordBody(maintenance, form, options)).toEqual({
      vehicleId: '101', remark: '', serviceDate: '2026-11-01', odometerKm: 9000.5, fee: 0, servicedBy: '', items: '', nextServiceKm: null, nextServiceDate: null,
    });
  });

  it('sends the driver with the name it shows, the handled flag as a boolean, and reads them back', () => {
    const form = { ...emptyRecordForm(violation), vehicleId: '101', driverId: '5', occurredAt: '2026-11-20 08:30:00', handled: '1', points: '3' };
    const body = recordBody(violation, form, options);
    expect(body).toMatchObject({ driverId: '5', driverName: '张三', handled: true, points: 3, occurredAt: '2026-11-20 08:30:00' });
    const row = { id: 1, plateCode: '京A12345', ...body } as unknown as RecordRow;
    expect(recordToForm(violation, row)).toMatchObject({ driverId: '5', handled: '1', points: '3' });
    expect(recordToForm(violation, { ...row, handled: false })).toMatchObject({ handled: '0' });
  });

  it('wants a whole China time for an accident', () => {
    const fields = recordFields(accident, options);
    const form = { ...emptyRecordForm(accident), vehicleId: '101', occurredAt: '2026-11-20 08:30', nature: '1', liability: '2', status: '1' };
    expect(validateForm<FormValues>(fields, form)).toEqual({ occurredAt: 'vehicleService.badTime' });
  });

  it('names the records to delete by plate and their own key', () => {
    const rows = [{ id: 1, vehicleId: '101', plateCode: '京A12345', remark: '', policyNo: 'PL-1' }, { id: 2, vehicleId: '102', plateCode: '', remark: '', policyNo: 'PL-2' }];
    expect(recordNames(insurance, rows)).toEqual(['京A12345 PL-1', '102 PL-2']);
  });

  it('accepts photos and PDFs up to 2 MB only', () => {
    expect(attachmentProblem({ type: 'application/pdf', size: 2 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('vehicleService.fileTooLarge');
    expect(attachmentProblem({ type: 'image/gif', size: 10 })).toBe('vehicleService.badFileType');
  });
});
