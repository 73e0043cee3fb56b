import { birthDateRule, faxRule, idCardRule, postalCodeRule } from '../master-data/contact-rules';
import { emptySimForm, formToSim, simFields } from '../sim/sim-form';
import { emptyTerminalForm, formToTerminal, shownAddress, terminalFields, terminalToForm, type Terminal } from '../terminal/terminal-form';
import { emptyUserForm, formToUser, userFields, userToForm, type User } from '../user/user-form';
import { emptyVehicleForm, formToVehicle, vehicleFields, vehicleToForm, type Vehicle } from '../vehicle/vehicle-form';
import { validateForm } from '../table-screen/table-model';
import { companyFields, emptyCompanyForm, formToCompany } from './company-form';
import { logoProblem } from './CompanyLogoButton';

const noOptions = { types: [], companies: [], fleets: [], drivers: [], masters: [] };

describe('management forms (issue 28 fields)', () => {
  it('checks zip code, fax, ID card and birth date like the server', () => {
    expect([postalCodeRule('010000'), postalCodeRule('1000'), postalCodeRule('')]).toEqual([null, 'validation.postalCode', null]);
    expect([faxRule('010-12345678'), faxRule('0755-1234567-88'), faxRule('12345678')]).toEqual([null, null, 'validation.landline']);
    expect([idCardRule('11010519491231002X'), idCardRule('110105194912310021')]).toEqual([null, 'validation.idCard']);
    const now = Date.UTC(2026, 10, 27);
    expect([birthDateRule('1985-06-15', now), birthDateRule('1985-02-30', now), birthDateRule('2027-01-01', now), birthDateRule('15/06/1985', now)]).toEqual([null, 'validation.birthDate', 'validation.birthDate', 'validation.birthDate']);
  });

  it('puts the vehicle states on the form and sends them as codes (emptied ones as undefined)', () => {
    const row = { id: 1, plateCode: '京A12345', plateColor: 2, vehicleType: 1, companyId: 1, registrationState: 1, useState: 3, driveType: 4, fuelType: 5 } as Vehicle;
    const form = vehicleToForm(row);
    expect(form).toMatchObject({ registrationState: '1', useState: '3', driveType: '4', fuelType: '5' });
    expect(vehicleFields(noOptions).find((f) => f.name === 'fuelType')?.options?.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '9']);
    expect(formToVehicle({ ...form, driveType: '' })).toMatchObject({ registrationState: 1, useState: 3, driveType: undefined, fuelType: 5 });
    expect(emptyVehicleForm.useState).toBe('');
  });

  it('edits a terminal’s versions, IP and port, refusing a bad address or port', () => {
    const row = { id: 1, terminalCode: 'ABC1234', terminalPhone: '13900000001', companyId: 1, hardwareVersion: 'HW1', ip: '10.0.0.1', port: 7611 } as Terminal;
    const form = terminalToForm(row);
    expect(formToTerminal(form)).toMatchObject({ hardwareVersion: 'HW1', firmwareVersion: undefined, ip: '10.0.0.1', port: 7611 });
    expect(shownAddress({ ...row, sessionIp: '172.16.0.5', sessionPort: 40001, sessionOnline: 1 })).toEqual({ text: '172.16.0.5:40001', live: true });
    expect(shownAddress({ ...row, sessionIp: '172.16.0.5', sessionPort: 40001, sessionOnline: 0 })).toEqual({ text: '10.0.0.1:7611', live: false });
    expect(shownAddress({ id: 2 } as Terminal).text).toBe('');
    const fields = terminalFields([]);
    expect(validateForm(fields, { ...emptyTerminalForm, terminalCode: 'ABC1234', terminalPhone: '13900000001', ip: '300.0.0.1', port: '70000', firmwareVersion: 'v 1' })).toEqual({
      ip: 'validation.ipv4',
      port: 'validation.port',
      firmwareVersion: 'terminal.versionInvalid',
    });
  });

  it('carries a user’s birth date, address, zip code, fax and ID card both ways', () => {
    const row = { id: 1, account: 'u1', name: 'u', userType: 1, companyId: 1, status: 1, birthDate: '1985-06-15', postalCode: '100020', idCard: '11010519491231002X' } as User;
    const form = userToForm(row);
    expect(formToUser(form, true)).toMatchObject({ birthDate: '1985-06-15', postalCode: '100020', idCard: '11010519491231002X', fax: undefined, address: undefined });
    const problems = validateForm(userFields([], [], []), { ...emptyUserForm, account: 'user1', name: 'u', password: 'Abcdefgh1', postalCode: '12', fax: 'x' });
    expect(problems).toEqual({ postalCode: 'validation.postalCode', fax: 'validation.landline' });
  });

  it('adds a company with its administrator only when the account is given, and needs its password', () => {
    const fields = companyFields([]);
    const base = { ...emptyCompanyForm, name: 'Alpha' };
    expect(validateForm(fields, { ...base, adminAccount: 'alphaadmin' })).toEqual({ adminAccount: 'company.adminPasswordRequired' });
    expect(validateForm(fields, { ...base, adminPassword: 'Alpha12345' })).toEqual({ adminPassword: 'company.adminAccountFirst' });
    expect(validateForm(fields, { ...base, adminAccount: 'alphaadmin', adminPassword: '1short' })).toEqual({ adminPassword: 'validation.password.firstLetter' });
    expect(validateForm(fields, { ...base, adminAccount: 'alphaadmin', adminPassword: 'Alpha12345', fax: '010-1234567', legalPersonIdCard: '123' })).toEqual({ legalPersonIdCard: 'validation.idCard' });
    expect(formToCompany({ ...base, adminAccount: 'alphaadmin', adminPassword: 'Alpha12345' }, false)).toMatchObject({ adminAccount: 'alphaadmin', adminPassword: 'Alpha12345' });
    expect(formToCompany({ ...base, adminAccount: 'alphaadmin', adminPassword: 'Alpha12345' }, true)).not.toHaveProperty('adminAccount');
    expect(formToCompany(base, false)).not.toHaveProperty('adminPassword');
  });

  it('refuses a logo that is not JPEG/PNG or over 2 MB before sending, and lets a SIM number be edited', () => {
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('company.logoType');
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('company.logoTooLarge');
    expect(logoProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(simFields([]).find((f) => f.name === 'number')?.lockedOnEdit).toBeFalsy();
    expect(formToSim({ ...emptySimForm, number: '13900000001', city: '' })).toEqual({ number: '13900000001', operator: 1, city: undefined, companyId: undefined });
  });
});
