import { normalisePath, type MenuNode } from '../access/menu-tree';

// 监控中心 holds some fifty pages in one list. Its ids derive from seed positions, so the seed
// cannot regroup them; the side menu nests them under sub-headings instead, from this static map
// of screen name to section. A page the map does not name (a new screen, a page added in the menu
// manager) goes to 其他, so every page stays reachable.

/** Sections in the order the menu shows them. */
export const MONITOR_SECTIONS = ['realtime', 'alarm', 'video', 'instruction', 'fence', 'report', 'vehicleData', 'energy', 'operation', 'other'] as const;
export type MonitorSection = (typeof MONITOR_SECTIONS)[number];

/** The group whose pages are sectioned (spec §9 group "监控中心", `/monitor`). */
export const SECTIONED_GROUP_PATH = '/monitor';

export const SECTION_OF_SCREEN: Readonly<Record<string, MonitorSection>> = {
  home: 'realtime', multiCar: 'realtime', singleCar: 'realtime', historyTrack: 'realtime', vehicleTrack: 'realtime', bigDataShow: 'realtime',
  alarmMonitor: 'alarm', alarmHandle: 'alarm', alarmConfigNew: 'alarm', overSpeed: 'alarm', fatigueDriving: 'alarm', collisionRescue: 'alarm',
  videoPlay: 'video', videoPlayMulti: 'video', h5Playback: 'video', screenshot: 'video', realvideoTable: 'video', videoflux: 'video',
  controlInstruction: 'instruction', remoteControl: 'instruction', remoteOperationLog: 'instruction', otaUpdata: 'instruction', otaUpgradeLog: 'instruction',
  fenceManage: 'fence', lineFence: 'fence', fenceSend: 'fence',
  mileageStatistics: 'report', onlineStatistics: 'report', drivingBehavior: 'report', driverRating: 'report', vehicleOperation: 'report',
  canData: 'vehicleData', vehicleCondition: 'vehicleData', faultInformation: 'vehicleData', drivingRecord: 'vehicleData', driverIdentity: 'vehicleData', externalPower: 'vehicleData',
  batteryModel: 'energy', batteryRetirement: 'energy', emissionData: 'energy', noxData: 'energy', ureaData: 'energy',
  waybill: 'operation', feedback: 'operation', pressRelease: 'operation', nationalPlatformFiling: 'operation', inspectionLog: 'operation',
};

/** Node id of a section heading; never a number, so it cannot clash with a menu id. */
export const sectionNodeId = (section: MonitorSection) => `monitor-section-${section}`;

const screenOf = (node: MenuNode) => normalisePath(node.href ?? '').split('/').filter(Boolean).pop() ?? '';

/** The section of a monitor page; unknown screens are "other". */
export function sectionOf(screen: string): MonitorSection {
  return Object.prototype.hasOwnProperty.call(SECTION_OF_SCREEN, screen) ? SECTION_OF_SCREEN[screen] : 'other';
}

/**
 * The visible menu with the 监控中心 pages nested under section headings (labelled by
 * `labelOf`), pages keeping the server's order inside a section; empty sections are left out,
 * other groups are untouched.
 */
export function sectionedMenu(menu: readonly MenuNode[], labelOf: (section: MonitorSection) => string): MenuNode[] {
  return menu.map((group) => {
    if (normalisePath(group.href ?? '') !== SECTIONED_GROUP_PATH) return group;
    const bySection = new Map<MonitorSection, MenuNode[]>();
    for (const child of group.children ?? []) {
      const section = sectionOf(screenOf(child));
      bySection.set(section, [...(bySection.get(section) ?? []), child]);
    }
    const children = MONITOR_SECTIONS.filter((section) => bySection.has(section)).map(
      (section): MenuNode => ({ id: sectionNodeId(section), label: labelOf(section), href: null, icon: null, actionCode: null, type: 1, children: bySection.get(section) }),
    );
    return { ...group, children };
  });
}

/** Ids of the nodes on the way to the page at `path` (group, section), to open them. */
export function ancestorIds(menu: readonly MenuNode[], path: string): string[] {
  const walk = (nodes: readonly MenuNode[], trail: string[]): string[] | null => {
    for (const node of nodes) {
      if (node.href && normalisePath(node.href) === path && (node.children ?? []).length === 0) return trail;
      const found = walk(node.children ?? [], [...trail, String(node.id)]);
      if (found) return found;
    }
    return null;
  };
  return walk(menu, []) ?? [];
}
