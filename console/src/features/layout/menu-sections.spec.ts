import { visibleMenu, type MenuNode } from '../access/menu-tree';
import { ancestorIds, sectionedMenu, sectionNodeId, sectionOf } from './menu-sections';

// The 47 pages the seed puts in 监控中心 (services/admin/src/menu/menu-seed.ts), in seed order.
const SEEDED_MONITOR_PAGES = [
  'bigDataShow', 'home', 'alarmHandle', 'controlInstruction', 'fenceManage', 'fenceSend', 'historyTrack', 'singleCar', 'multiCar', 'vehicleTrack',
  'waybill', 'videoPlay', 'videoPlayMulti', 'h5Playback', 'screenshot', 'realvideoTable', 'videoflux', 'batteryModel', 'batteryRetirement',
  'driverRating', 'drivingBehavior', 'canData', 'mileageStatistics', 'onlineStatistics', 'emissionData', 'noxData', 'ureaData', 'otaUpdata',
  'otaUpgradeLog', 'feedback', 'collisionRescue', 'pressRelease', 'remoteControl', 'remoteOperationLog', 'faultInformation', 'vehicleCondition',
  'drivingRecord', 'nationalPlatformFiling', 'alarmMonitor', 'alarmConfigNew', 'lineFence', 'overSpeed', 'fatigueDriving', 'vehicleOperation',
  'driverIdentity', 'externalPower', 'inspectionLog',
];

const page = (group: string, screen: string, id: number): MenuNode => ({ id, label: screen, href: `/${group}/${screen}`, actionCode: screen, type: 2, children: [] });

function tree(monitorPages: readonly string[]): MenuNode[] {
  const root: MenuNode = {
    id: 2,
    label: '平台菜单',
    type: 1,
    children: [
      { id: 11, label: '监控中心', href: '/monitor', icon: 'monitor', type: 1, children: monitorPages.map((screen, i) => page('monitor', screen, 200 + i)) },
      { id: 10, label: '基础管理', href: '/index', icon: 'settings', type: 1, children: [page('index', 'carList', 101), page('index', 'simCare', 113)] },
    ],
  };
  return visibleMenu(root);
}

const pagesUnder = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((node) => ((node.children ?? []).length ? pagesUnder(node.children ?? []) : [String(node.label)]));

describe('the 监控中心 sections', () => {
  it('nests every seeded page under a named section, none left in 其他, none lost', () => {
    expect(SEEDED_MONITOR_PAGES).toHaveLength(47);
    expect(SEEDED_MONITOR_PAGES.filter((screen) => sectionOf(screen) === 'other')).toEqual([]);
    const [monitor] = sectionedMenu(tree(SEEDED_MONITOR_PAGES), (section) => `#${section}`);
    expect(monitor.children?.every((child) => String(child.id).startsWith('monitor-section-'))).toBe(true);
    expect(pagesUnder(monitor.children ?? []).sort()).toEqual([...SEEDED_MONITOR_PAGES].sort());
    expect(monitor.children?.length).toBeGreaterThanOrEqual(8);
    expect(monitor.children?.every((child) => (child.children ?? []).length <= 8)).toBe(true);
  });

  it('orders sections fixedly, keeps the server order inside one, and labels them', () => {
    const [monitor] = sectionedMenu(tree(['videoPlay', 'home', 'alarmHandle', 'multiCar', 'h5Playback']), (section) => `#${section}`);
    expect(monitor.children?.map((child) => child.label)).toEqual(['#realtime', '#alarm', '#video']);
    expect(monitor.children?.[0].children?.map((child) => child.label)).toEqual(['home', 'multiCar']);
    expect(monitor.children?.[2].children?.map((child) => child.label)).toEqual(['videoPlay', 'h5Playback']);
  });

  it('unknown pages fall into 其他 at the end; other groups are untouched', () => {
    const menu = tree(['home', 'someNewScreen']);
    const [monitor, index] = sectionedMenu(menu, (section) => section);
    expect(monitor.children?.map((child) => child.id)).toEqual([sectionNodeId('realtime'), sectionNodeId('other')]);
    expect(monitor.children?.[1].children?.[0].href).toBe('/monitor/someNewScreen');
    expect(index).toBe(menu[1]);
  });

  it('finds the group and section to open for the current page', () => {
    const sectioned = sectionedMenu(tree(SEEDED_MONITOR_PAGES), String);
    expect(ancestorIds(sectioned, '/monitor/onlineStatistics')).toEqual(['11', sectionNodeId('report')]);
    expect(ancestorIds(sectioned, '/index/simCare')).toEqual(['10']);
    expect(ancestorIds(sectioned, '/nowhere')).toEqual([]);
  });
});
