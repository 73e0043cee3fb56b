import { registeredCompanyGrants } from './registration-grants';

describe('registeredCompanyGrants', () => {
  const grants = registeredCompanyGrants();

  it('grants the company data screens in full and the monitor screens', () => {
    expect(grants).toEqual(expect.arrayContaining(['carList', 'carList:add', 'carList:bind', 'userManage:resetPassword', 'fuelTank:calibrate', 'historyTrack:search', 'singleCar:send']));
  });

  it('grants only search on shared catalogues and nothing of the platform screens', () => {
    expect(grants).toEqual(expect.arrayContaining(['carBrandManagement:search', 'supplier:search']));
    for (const code of ['carBrandManagement:add', 'supplier:delete', 'newMune:add', 'appVersion:add', 'systemLog:search', 'dataDictionary:modify']) {
      expect(grants).not.toContain(code);
    }
  });
});
