import { AppError } from '@openfleet/errors';
import type { AuthUser } from './auth-user';
import { checkFilterScope } from './filter-scope';

const user = (companies: string[], fleets: string[] = [], superAdmin = false): AuthUser => ({ id: '1', companyId: companies[0] ?? '', userType: 1, roleIds: [], superAdmin, scope: { companies, fleets } });
const vehicles = [
  { vehicleId: 'v1', companyPath: ['1', '11'], fleetPath: ['f1'] },
  { vehicleId: 'v2', companyPath: ['2'], fleetPath: ['f2'] },
];
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return { code: (error as AppError).errorCode, data: (error as AppError).data };
  }
  return undefined;
};

describe('checkFilterScope', () => {
  it('lets through what the user sees: its companies, their subsidiaries and fleets holding its vehicles, its vehicles', () => {
    expect(refusal(() => checkFilterScope(user(['1']), vehicles, { companyId: '11', fleetId: 'f1', vehicleIds: 'v1' }))).toBeUndefined();
    expect(refusal(() => checkFilterScope(user([], ['f1']), vehicles, { fleetId: 'f1', vehicleIds: ' v1 ,' }))).toBeUndefined();
    expect(refusal(() => checkFilterScope(user(['1']), vehicles, {}))).toBeUndefined();
    expect(refusal(() => checkFilterScope(user([], [], true), vehicles, { companyId: '2', vehicleIds: 'v2' }))).toBeUndefined();
  });

  it("answers another tenant's company, fleet or vehicle with 8002 exactly like an unknown one", () => {
    for (const field of ['companyId', 'fleetId', 'vehicleIds'] as const) {
      const foreign = refusal(() => checkFilterScope(user(['1']), vehicles, { [field]: field === 'companyId' ? '2' : field === 'fleetId' ? 'f2' : 'v2' }));
      expect(foreign).toEqual({ code: 8002, data: { field } });
      expect(refusal(() => checkFilterScope(user(['1']), vehicles, { [field]: 'nowhere' }))).toEqual(foreign);
    }
    expect(refusal(() => checkFilterScope(user(['1']), vehicles, { vehicleIds: 'v1,v2' }))).toEqual({ code: 8002, data: { field: 'vehicleIds' } });
  });
});
