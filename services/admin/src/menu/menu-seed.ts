import { MenuNodeType } from './menu.entity';

// The seeded menu tree. To add a screen, APPEND it to its group (ids derive from positions, so
// appending keeps every existing id, and with it every role's grants). New groups go at the end too.

/** Button actions in a fixed order: a button's id is `pageId * 100 + (index + 1)`. */
export const ACTIONS = ['add', 'modify', 'delete', 'search', 'import', 'export', 'bind', 'resetPassword', 'send', 'upload', 'calibrate'] as const;
export type Action = (typeof ACTIONS)[number];

const CRUD: Action[] = ['add', 'modify', 'delete', 'search', 'import', 'export'];
const VIEW: Action[] = ['search', 'export'];

type PageSpec = [screen: string, actions: Action[]];
interface GroupSpec {
  prefix: string;
  label: string;
  icon: string;
  pages: PageSpec[];
}

export const MENU_GROUPS: GroupSpec[] = [
  {
    prefix: 'index',
    label: '基础管理',
    icon: 'settings',
    pages: [
      ['carBrandManagement', CRUD], ['carList', [...CRUD, 'bind']], ['dataDictionary', CRUD], ['deviceTypeM', CRUD],
      ['directVehicle', CRUD], ['driverManage', CRUD], ['engineModelManagement', CRUD], ['manageService', CRUD],
      ['newCompany', CRUD], ['newMune', CRUD], ['powerManage', CRUD], ['protocolM', CRUD], ['roleManage', CRUD],
      ['simCare', [...CRUD, 'bind']], ['specialBusiness', CRUD], ['superiorPlatformM', CRUD], ['newEnergy', CRUD],
      ['terminalM', [...CRUD, 'bind', 'calibrate']], ['terminalProM', CRUD], ['userManage', [...CRUD, 'resetPassword']],
      ['vehicleMaster', CRUD], ['vgPower', CRUD], ['platform', CRUD], ['supplier', CRUD], ['afterSaleBatteryPackInfo', CRUD],
      ['afterSaleBatteryModule', CRUD], ['afterSaleBatteryWarehouse', CRUD], ['originalMessageQuery', VIEW],
      ['commandConfig', CRUD], ['serverStorage', CRUD], ['carFactory', CRUD], ['fuelTank', [...CRUD, 'calibrate']],
    ],
  },
  {
    prefix: 'monitor',
    label: '监控中心',
    icon: 'monitor',
    pages: [
      ['bigDataShow', []], ['home', []], ['alarmHandle', [...VIEW, 'modify']], ['controlInstruction', [...VIEW, 'send']],
      ['fenceManage', [...CRUD, 'send']], ['fenceSend', [...VIEW, 'send']], ['historyTrack', VIEW], ['singleCar', ['send']],
      ['multiCar', ['send']], ['vehicleTrack', VIEW], ['waybill', [...CRUD, 'send']], ['videoPlay', []], ['videoPlayMulti', []],
      ['h5Playback', ['search']], ['screenshot', VIEW], ['realvideoTable', VIEW], ['videoflux', VIEW], ['batteryModel', CRUD],
      ['batteryRetirement', VIEW], ['driverRating', VIEW], ['drivingBehavior', VIEW], ['canData', [...VIEW, 'add', 'modify', 'delete']], ['mileageStatistics', VIEW],
      ['onlineStatistics', VIEW], ['emissionData', VIEW], ['noxData', VIEW], ['ureaData', VIEW], ['otaUpdata', [...CRUD, 'upload', 'send']],
      ['otaUpgradeLog', VIEW], ['feedback', [...VIEW, 'modify']], ['collisionRescue', [...VIEW, 'modify']], ['pressRelease', [...CRUD, 'send']], ['remoteControl', ['send']],
      ['remoteOperationLog', VIEW], ['faultInformation', VIEW], ['vehicleCondition', VIEW], ['drivingRecord', VIEW],
      ['nationalPlatformFiling', VIEW], ['alarmMonitor', [...VIEW, 'modify']], ['alarmConfigNew', CRUD], ['lineFence', [...CRUD, 'send']],
      ['overSpeed', VIEW], ['fatigueDriving', VIEW], ['vehicleOperation', VIEW],
      ['driverIdentity', VIEW], ['externalPower', VIEW], ['inspectionLog', VIEW],
    ],
  },
  { prefix: 'battery', label: '电池生产', icon: 'battery', pages: [['batteryProductionInfo', CRUD], ['batteryPackInformation', CRUD]] },
  { prefix: 'recovery', label: '电池回收', icon: 'recycle', pages: [['batteryRecoveryInfo', CRUD], ['batteryRetirementInfo', CRUD]] },
  { prefix: 'retirement', label: '电池退役', icon: 'retire', pages: [['batteryFactoryRetirementInfo', CRUD]] },
  {
    prefix: 'veclCertifica',
    label: '车辆认证',
    icon: 'certificate',
    pages: [['veclCertificaLog', [...VIEW, 'add']], ['conformityCertfictvelcList', VIEW], ['veclCertificaRealTimeLog', VIEW]],
  },
  { prefix: 'system', label: '系统', icon: 'system', pages: [['operationLog', VIEW], ['systemLog', VIEW], ['systemNotice', CRUD], ['appVersion', CRUD]] },
  {
    // The vehicle-service (docs/vehicle-services.md, docs/fuel.md): records, reminders, the fuel ledger.
    prefix: 'vehicleService',
    label: '车辆服务',
    icon: 'wrench',
    pages: [
      ['insuranceManage', CRUD], ['maintenanceManage', CRUD], ['annualInspection', CRUD], ['violationManage', CRUD],
      ['accidentManage', CRUD], ['reminderList', ['search', 'modify']], ['reminderSettings', ['search', 'modify']],
      ['fuelReport', VIEW], ['fuelEvents', [...VIEW, 'modify']],
    ],
  },
  {
    // The industry service (docs/industry.md): cold chain and bus lines; waybills, bigDataShow and certification have their pages above.
    prefix: 'industry',
    label: '行业应用',
    icon: 'office',
    pages: [['coldChainMonitor', [...VIEW, 'modify']], ['coldChainReport', VIEW], ['busLine', CRUD], ['busLineMonitor', VIEW]],
  },
];

/**
 * The order operators use the menu in (ids stay positional, so this is only the `sort` column):
 * monitoring first, basic management last; inside a group the daily screens first, then the rest
 * in seed order.
 */
export const GROUP_ORDER = ['monitor', 'vehicleService', 'industry', 'system', 'battery', 'recovery', 'retirement', 'veclCertifica', 'index'];
export const PAGE_ORDER: Readonly<Record<string, readonly string[]>> = {
  monitor: [
    'home', 'multiCar', 'singleCar', 'historyTrack', 'vehicleTrack', 'alarmMonitor', 'alarmHandle', 'alarmConfigNew', 'overSpeed', 'fatigueDriving',
    'controlInstruction', 'remoteControl', 'remoteOperationLog', 'fenceManage', 'lineFence', 'fenceSend', 'videoPlay', 'videoPlayMulti', 'h5Playback',
    'screenshot', 'realvideoTable', 'videoflux', 'mileageStatistics', 'onlineStatistics', 'vehicleOperation', 'driverIdentity', 'externalPower', 'inspectionLog', 'drivingBehavior', 'driverRating', 'canData', 'bigDataShow',
  ],
  index: ['newCompany', 'userManage', 'roleManage', 'carList', 'terminalM', 'simCare', 'driverManage', 'vehicleMaster', 'carBrandManagement', 'newMune', 'dataDictionary'],
};

/** Sort value of a group or page: its place in the preferred order, else after those in seed order. */
export function sortOf(preferred: readonly string[] | undefined, name: string, seedPosition: number): number {
  const at = preferred?.indexOf(name) ?? -1;
  return at >= 0 ? at : 1000 + seedPosition;
}

/** Id of the top-level node holding the menu in use (spec §9). */
export const MENU_ROOT_ID = 2;

export interface MenuSeedRow {
  id: number;
  parentId: number | null;
  label: string;
  href: string;
  icon: string;
  sort: number;
  nodeType: number;
  actionCode: string;
}

/** Every seeded node: root 2, group g at 10 + g, page p of group g at (g + 1) * 100 + p, buttons below. */
export function menuSeedRows(): MenuSeedRow[] {
  const rows: MenuSeedRow[] = [
    { id: MENU_ROOT_ID, parentId: null, label: '平台菜单', href: '', icon: '', sort: 0, nodeType: MenuNodeType.DIRECTORY, actionCode: '' },
  ];
  MENU_GROUPS.forEach((group, g) => {
    const groupId = 10 + g;
    rows.push({ id: groupId, parentId: MENU_ROOT_ID, label: group.label, href: `/${group.prefix}`, icon: group.icon, sort: sortOf(GROUP_ORDER, group.prefix, g), nodeType: MenuNodeType.DIRECTORY, actionCode: '' });
    group.pages.forEach(([screen, actions], p) => {
      const pageId = (g + 1) * 100 + p;
      rows.push({ id: pageId, parentId: groupId, label: screen, href: `/${group.prefix}/${screen}`, icon: '', sort: sortOf(PAGE_ORDER[group.prefix], screen, p), nodeType: MenuNodeType.MENU, actionCode: screen });
      for (const action of actions) {
        const index = ACTIONS.indexOf(action);
        rows.push({
          id: pageId * 100 + index + 1,
          parentId: pageId,
          label: action,
          href: '',
          icon: '',
          sort: index,
          nodeType: MenuNodeType.BUTTON,
          actionCode: `${screen}:${action}`,
        });
      }
    });
  });
  return rows;
}

/** Every action code the seed defines (page codes and button codes). */
export function allActionCodes(): string[] {
  return menuSeedRows().filter((row) => row.actionCode).map((row) => row.actionCode);
}
