import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@openfleet/errors';
import zhCN from './zh_CN.json';
import enUS from './en_US.json';
import monitorZhCN from './monitor.zh_CN.json';
import monitorEnUS from './monitor.en_US.json';
import instructionZhCN from './instruction.zh_CN.json';
import instructionEnUS from './instruction.en_US.json';
import fenceZhCN from './fence.zh_CN.json';
import fenceEnUS from './fence.en_US.json';
import alarmZhCN from './alarm.zh_CN.json';
import alarmEnUS from './alarm.en_US.json';
import alarmReportZhCN from './alarm-report.zh_CN.json';
import alarmReportEnUS from './alarm-report.en_US.json';
import platform809ZhCN from './platform809.zh_CN.json';
import platform809EnUS from './platform809.en_US.json';
import energyZhCN from './energy.zh_CN.json';
import energyEnUS from './energy.en_US.json';
import batteryZhCN from './battery.zh_CN.json';
import batteryEnUS from './battery.en_US.json';
import otaZhCN from './ota.zh_CN.json';
import otaEnUS from './ota.en_US.json';
import emissionZhCN from './emission.zh_CN.json';
import emissionEnUS from './emission.en_US.json';
import statisticsZhCN from './statistics.zh_CN.json';
import statisticsEnUS from './statistics.en_US.json';
import videoZhCN from './video.zh_CN.json';
import videoEnUS from './video.en_US.json';
import certificationZhCN from './certification.zh_CN.json';
import certificationEnUS from './certification.en_US.json';
import vehicleServiceZhCN from './vehicle-service.zh_CN.json';
import vehicleServiceEnUS from './vehicle-service.en_US.json';
import remindersZhCN from './reminders.zh_CN.json';
import remindersEnUS from './reminders.en_US.json';
import bigScreenZhCN from './big-screen.zh_CN.json';
import bigScreenEnUS from './big-screen.en_US.json';
import coldChainZhCN from './cold-chain.zh_CN.json';
import coldChainEnUS from './cold-chain.en_US.json';
import waybillZhCN from './waybill.zh_CN.json';
import waybillEnUS from './waybill.en_US.json';
import busLineZhCN from './bus-line.zh_CN.json';
import busLineEnUS from './bus-line.en_US.json';
import geoZhCN from './geo.zh_CN.json';
import geoEnUS from './geo.en_US.json';
import noticesZhCN from './notices.zh_CN.json';
import noticesEnUS from './notices.en_US.json';
import vehicleTrackZhCN from './vehicle-track.zh_CN.json';
import vehicleTrackEnUS from './vehicle-track.en_US.json';
import drivingRecordZhCN from './driving-record.zh_CN.json';
import drivingRecordEnUS from './driving-record.en_US.json';
import rescueFaultZhCN from './rescue-fault.zh_CN.json';
import rescueFaultEnUS from './rescue-fault.en_US.json';
import vehicleOperationZhCN from './vehicle-operation.zh_CN.json';
import vehicleOperationEnUS from './vehicle-operation.en_US.json';
import vehicleConditionZhCN from './vehicle-condition.zh_CN.json';
import vehicleConditionEnUS from './vehicle-condition.en_US.json';
import mediaLibraryZhCN from './media-library.zh_CN.json';
import mediaLibraryEnUS from './media-library.en_US.json';

export const resources = {
  // The monitoring and instruction screens keep their keys in their own files (no shared-file edits per key).
  zh_CN: { translation: { ...zhCN, ...noticesZhCN, ...monitorZhCN, ...instructionZhCN, ...fenceZhCN, ...alarmZhCN, ...alarmReportZhCN, ...platform809ZhCN, ...energyZhCN, ...batteryZhCN, ...otaZhCN, ...emissionZhCN, ...statisticsZhCN, ...videoZhCN, ...vehicleServiceZhCN, ...remindersZhCN, ...bigScreenZhCN, ...coldChainZhCN, ...waybillZhCN, ...busLineZhCN, ...certificationZhCN, ...geoZhCN, ...vehicleTrackZhCN, ...rescueFaultZhCN, ...vehicleOperationZhCN, ...drivingRecordZhCN, ...vehicleConditionZhCN, ...mediaLibraryZhCN } },
  en_US: { translation: { ...enUS, ...noticesEnUS, ...monitorEnUS, ...instructionEnUS, ...fenceEnUS, ...alarmEnUS, ...alarmReportEnUS, ...platform809EnUS, ...energyEnUS, ...batteryEnUS, ...otaEnUS, ...emissionEnUS, ...statisticsEnUS, ...videoEnUS, ...vehicleServiceEnUS, ...remindersEnUS, ...bigScreenEnUS, ...coldChainEnUS, ...waybillEnUS, ...busLineEnUS, ...certificationEnUS, ...geoEnUS, ...vehicleTrackEnUS, ...rescueFaultEnUS, ...vehicleOperationEnUS, ...drivingRecordEnUS, ...vehicleConditionEnUS, ...mediaLibraryEnUS } },
} as const;

/** Starts i18next synchronously with both flat resource files; zh_CN is the fallback. */
export function createI18n(language: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'zh_CN',
    // Flat keys such as "auth.tab.login": dots are part of the key, not nesting.
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
