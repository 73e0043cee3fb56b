import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withChunkTimeout } from '../version/chunk-error';
import type { ScreenProps } from './screen-props';


type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** A route-level chunk with the 120 s chunk timeout. */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): Screen {
  return lazy(() => withChunkTimeout(load));
}

/**
 * Screens by the names the menu tree uses (last href segment). A name missing here
 * renders the 404 placeholder (spec §2).
 */
export const screens: Readonly<Record<string, Screen>> = {
  newCompany: lazyScreen(() => import('../company/CompanyScreen')),
  userManage: lazyScreen(() => import('../user/UserScreen')),
  roleManage: lazyScreen(() => import('../role/RoleScreen')),
  newMune: lazyScreen(() => import('../menu/MenuScreen')),
  driverManage: lazyScreen(() => import('../driver/DriverScreen')),
  carList: lazyScreen(() => import('../vehicle/VehicleScreen')),
  terminalM: lazyScreen(() => import('../terminal/TerminalScreen')),
  simCare: lazyScreen(() => import('../sim/SimCareScreen')),
  dataDictionary: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.DictionaryScreen }))),
  supplier: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.ManufacturerScreen }))),
  deviceTypeM: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.DeviceModelScreen }))),
  carBrandManagement: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.BrandScreen }))),
  engineModelManagement: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.EngineModelScreen }))),
  carFactory: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.CarFactoryScreen }))),
  vehicleMaster: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.VehicleMasterScreen }))),
  fuelTank: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.FuelTankScreen }))),
  multiCar: lazyScreen(() => import('../monitor/MultiCarScreen')),
  singleCar: lazyScreen(() => import('../monitor/SingleCarScreen')),
  historyTrack: lazyScreen(() => import('../history/HistoryTrackScreen')),
  home: lazyScreen(() => import('../home/HomeScreen')),
  remoteControl: lazyScreen(() => import('../instruction/RemoteControlScreen')),
  controlInstruction: lazyScreen(() => import('../instruction/OrderLogScreen')),
  commandConfig: lazyScreen(() => import('../instruction/CommandConfigScreen')),
  terminalProM: lazyScreen(() => import('../instruction/TerminalParamsScreen')),
  remoteOperationLog: lazyScreen(() => import('../instruction/RemoteLogScreen')),
  fenceManage: lazyScreen(() => import('../fence/FenceManageScreen')),
  lineFence: lazyScreen(() => import('../fence/FenceManageScreen').then((m) => ({ default: m.LineFenceScreen }))),
  fenceSend: lazyScreen(() => import('../fence/FenceSendScreen')),
  alarmHandle: lazyScreen(() => import('../alarm/AlarmHandleScreen')),
  veclCertificaLog: lazyScreen(() => import('../certification/CertificationLogScreen')),
  veclCertificaRealTimeLog: lazyScreen(() => import('../certification/RealTimeLogScreen')),
  conformityCertfictvelcList: lazyScreen(() => import('../certification/CertificateScreen')),
  superiorPlatformM: lazyScreen(() => import('../platform809/SuperiorPlatformScreen')),
  platform: lazyScreen(() => import('../platform809/PlatformLinkScreen')),
  nationalPlatformFiling: lazyScreen(() => import('../platform809/NationalPlatformFilingScreen')),
  batteryModel: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.BatteryModelScreen }))),
  batteryProductionInfo: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.BatteryProductionScreen }))),
  batteryPackInformation: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.BatteryPackInformationScreen }))),
  afterSaleBatteryPackInfo: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.AfterSalePackScreen }))),
  afterSaleBatteryModule: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.BatteryModuleScreen }))),
  afterSaleBatteryWarehouse: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.WarehouseScreen }))),
  batteryRecoveryInfo: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.RecoveryScreen }))),
  batteryRetirementInfo: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.RetirementScreen }))),
  batteryFactoryRetirementInfo: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.FactoryRetirementScreen }))),
  batteryRetirement: lazyScreen(() => import('../battery/BatteryScreens').then((m) => ({ default: m.RetiredScreen }))),
  otaUpdata: lazyScreen(() => import('../ota/OtaScreens').then((m) => ({ default: m.OtaUpdataScreen }))),
  otaUpgradeLog: lazyScreen(() => import('../ota/OtaScreens').then((m) => ({ default: m.OtaUpgradeLogScreen }))),
  newEnergy: lazyScreen(() => import('../energy/NewEnergyScreen')),
  operationLog: lazyScreen(() => import('../system/LogScreens').then((m) => ({ default: m.OperationLogScreen }))),
  systemLog: lazyScreen(() => import('../system/LogScreens').then((m) => ({ default: m.SystemLogScreen }))),
  appVersion: lazyScreen(() => import('../catalogue/screens').then((m) => ({ default: m.AppVersionScreen }))),
  systemNotice: lazyScreen(() => import('../system/SystemNoticeScreen').then((m) => ({ default: m.SystemNoticeScreen }))),
  emissionData: lazyScreen(() => import('../emission/EmissionScreens').then((m) => ({ default: m.EmissionDataScreen }))),
  noxData: lazyScreen(() => import('../emission/EmissionScreens').then((m) => ({ default: m.NoxDataScreen }))),
  ureaData: lazyScreen(() => import('../emission/EmissionScreens').then((m) => ({ default: m.UreaDataScreen }))),
  alarmMonitor: lazyScreen(() => import('../alarm/AlarmMonitorScreen')),
  alarmConfigNew: lazyScreen(() => import('../alarm/AlarmConfigScreen')),
  overSpeed: lazyScreen(() => import('../alarm-report/AlarmReportScreen').then((m) => ({ default: m.OverSpeedScreen }))),
  fatigueDriving: lazyScreen(() => import('../alarm-report/AlarmReportScreen').then((m) => ({ default: m.FatigueDrivingScreen }))),
  mileageStatistics: lazyScreen(() => import('../statistics/StatisticsScreens').then((m) => ({ default: m.MileageStatisticsScreen }))),
  onlineStatistics: lazyScreen(() => import('../statistics/StatisticsScreens').then((m) => ({ default: m.OnlineStatisticsScreen }))),
  drivingBehavior: lazyScreen(() => import('../statistics/BehaviourScreens').then((m) => ({ default: m.DrivingBehaviorScreen }))),
  driverRating: lazyScreen(() => import('../statistics/BehaviourScreens').then((m) => ({ default: m.DriverRatingScreen }))),
  driverIdentity: lazyScreen(() => import('../statistics/RecordScreens').then((m) => ({ default: m.DriverIdentityScreen }))),
  externalPower: lazyScreen(() => import('../statistics/RecordScreens').then((m) => ({ default: m.ExternalPowerScreen }))),
  inspectionLog: lazyScreen(() => import('../platform809/InspectionLogScreen').then((m) => ({ default: m.InspectionLogScreen }))),
  canData: lazyScreen(() => import('../can/CanDataScreen').then((m) => ({ default: m.CanDataScreen }))),
  coldChainMonitor: lazyScreen(() => import('../cold-chain/ColdChainMonitorScreen')),
  coldChainReport: lazyScreen(() => import('../cold-chain/ColdChainReportScreen')),
  protocolM: lazyScreen(() => import('../protocol-profile/ProtocolProfileScreen')),
  bigDataShow: lazyScreen(() => import('../big-screen/BigScreen')),
  vehicleOperation: lazyScreen(() => import('../statistics/StatisticsScreens').then((m) => ({ default: m.VehicleOperationScreen }))),
  videoPlay: lazyScreen(() => import('../video/VideoPlayScreen')),
  videoPlayMulti: lazyScreen(() => import('../video/VideoPlayMultiScreen')),
  h5Playback: lazyScreen(() => import('../video/H5PlaybackScreen')),
  screenshot: lazyScreen(() => import('../video/ScreenshotScreen')),
  realvideoTable: lazyScreen(() => import('../video/RealVideoTableScreen')),
  videoflux: lazyScreen(() => import('../video/VideoFluxScreen')),
  serverStorage: lazyScreen(() => import('../video/ServerStorageScreen')),
  insuranceManage: lazyScreen(() => import('../vehicle-service/screens').then((m) => ({ default: m.InsuranceScreen }))),
  reminderList: lazyScreen(() => import('../reminders/ReminderListScreen')),
  reminderSettings: lazyScreen(() => import('../reminders/ReminderSettingsScreen')),
  maintenanceManage: lazyScreen(() => import('../vehicle-service/screens').then((m) => ({ default: m.MaintenanceScreen }))),
  annualInspection: lazyScreen(() => import('../vehicle-service/screens').then((m) => ({ default: m.InspectionScreen }))),
  violationManage: lazyScreen(() => import('../vehicle-service/screens').then((m) => ({ default: m.ViolationScreen }))),
  accidentManage: lazyScreen(() => import('../vehicle-service/screens').then((m) => ({ default: m.AccidentScreen }))),
  fuelReport: lazyScreen(() => import('../fuel/FuelReportScreen')),
  fuelEvents: lazyScreen(() => import('../fuel/FuelEventsScreen')),
  waybill: lazyScreen(() => import('../waybill/WaybillScreen')),
  busLine: lazyScreen(() => import('../bus-line/BusLineScreen')),
  busLineMonitor: lazyScreen(() => import('../bus-line/BusLineMonitorScreen')),
};

export function screenFor(name: string): Screen | null {
  return Object.hasOwn(screens, name) ? (screens[name] ?? null) : null;
}
