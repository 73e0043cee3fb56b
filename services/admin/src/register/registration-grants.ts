import { menuSeedRows } from '../menu/menu-seed';

/** Screens a self-registered company administrator manages fully: the company's own data. */
const OWN_DATA_SCREENS = ['carList', 'driverManage', 'terminalM', 'simCare', 'userManage', 'roleManage', 'newCompany', 'vehicleMaster', 'fuelTank', 'operationLog'];
/** Shared reference catalogues: read only (changing them would change them for every tenant). */
const SHARED_SCREENS = ['carBrandManagement', 'engineModelManagement', 'deviceTypeM', 'supplier', 'dataDictionary', 'carFactory'];

/**
 * Action codes of the default role (type 1) a self-registered company gets: every code of its own
 * data screens and of the monitor group, and `search` on the shared catalogues.
 */
export function registeredCompanyGrants(): string[] {
  const rows = menuSeedRows();
  const monitorGroup = rows.find((row) => row.href === '/monitor');
  const monitorPages = new Set(rows.filter((row) => row.parentId === monitorGroup?.id).map((row) => row.actionCode));
  return rows
    .filter((row) => row.actionCode)
    .map((row) => row.actionCode)
    .filter((code) => {
      const [screen, action] = code.split(':');
      if (OWN_DATA_SCREENS.includes(screen) || monitorPages.has(screen)) return true;
      return SHARED_SCREENS.includes(screen) && (action === undefined || action === 'search');
    });
}
