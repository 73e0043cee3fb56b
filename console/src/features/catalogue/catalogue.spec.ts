import { validateForm, type FormValues } from '../table-screen/table-model';
import { emptyForm, formToBody, referenceOptions, rowToForm } from './catalogue';
import { appVersions, engineModels, idCardProblem, manufacturers, vehicleMasters } from './configs';

describe('catalogue configs', () => {
  it('mirrors the manufacturer rules: number 5 letters/digits not starting with 0, code <= 15', () => {
    const form = { ...emptyForm(manufacturers), name: 'Huatai', number: '01234', code: 'HT-2019' };
    expect(validateForm<FormValues>(manufacturers.fields, form)).toEqual({
      number: 'validation.manufacturerNumber',
      code: 'validation.lettersDigits15',
    });
    expect(validateForm<FormValues>(manufacturers.fields, { ...form, number: '70111', code: 'HT2019' })).toEqual({});
  });

  it('checks ID cards by date and check character', () => {
    expect(idCardProblem('11010519491231002X')).toBeNull();
    expect(idCardProblem('110105194912310021')).toBe('validation.idCard');
    expect(idCardProblem('11010519491331002X')).toBe('validation.idCard');
    expect(validateForm<FormValues>(vehicleMasters.fields, { ...emptyForm(vehicleMasters), name: 'Li', phone: '1380000' })).toEqual({
      phone: 'validation.phone',
    });
  });

  it('sends numbers as numbers, leaves blanks out on create and clears them on update', () => {
    const form = { ...emptyForm(engineModels), model: 'WP10.336E53', power: '247', displacement: '9.73' };
    expect(formToBody(engineModels, form, false)).toEqual({ model: 'WP10.336E53', power: 247, displacement: '9.73' });
    expect(formToBody(engineModels, form, true)).toMatchObject({ manufacturer: null, torque: null, power: 247 });
    expect(formToBody(engineModels, form, false, { brandId: 3 })).toMatchObject({ brandId: 3 });
  });

  it('fills forms from rows and options from paged, array and tree answers', () => {
    expect(rowToForm(engineModels, { id: 1, model: 'X', power: 10, torque: null })).toMatchObject({ model: 'X', power: '10', torque: '' });
    expect(referenceOptions({ url: '', paged: true, labelField: 'name' }, { records: [{ id: 2, name: 'B' }] })).toEqual([{ value: '2', label: 'B' }]);
    const tree = [{ id: 1, name: 'Root', children: [{ id: 5, name: 'Sub', children: [] }] }];
    expect(referenceOptions({ url: '', paged: false, labelField: 'name' }, tree).map((o) => o.label)).toEqual(['Root', 'Sub']);
  });

  it('never sends a field locked on edit again (an app release keeps its platform and build number)', () => {
    const form = { ...emptyForm(appVersions), platform: 'android', versionName: '2.3.1', versionCode: '231', downloadUrl: 'https://example.com/a.apk', forceUpdate: '1' };
    expect(formToBody(appVersions, form, false)).toEqual({ platform: 'android', versionName: '2.3.1', versionCode: 231, downloadUrl: 'https://example.com/a.apk', forceUpdate: 1 });
    expect(formToBody(appVersions, form, true)).toEqual({ versionName: '2.3.1', downloadUrl: 'https://example.com/a.apk', forceUpdate: 1, changelog: null });
  });
});
