import type { ActiveSafetyCommon, AdasAlarm, DsmAlarm, TpmsAlarm } from '@openfleet/jt808';
import { activeSafetyType, VIDEO_ALARM_TYPES } from './alarm-types';

/** The additional items of a position as the gateway forwards them (keyed by kind), or null. */
export function parseExtras(json: string): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The extra that describes an alarm bit's alarm (0x11 overspeed, 0x12 area, 0x13 route), kept in its detail. */
export const EXTRA_DETAIL_OF_BIT: Record<string, string | undefined> = { overspeed: 'overspeed', areaInOut: 'areaInOut', routeInOut: 'areaInOut', routeDriveTime: 'routeDriveTime' };

/** Video alarms set in 0x14, with the channels of 0x15/0x16, the faults of 0x17 and the behaviours of 0x18 in their detail. */
export function videoAlarms(extras: Record<string, unknown>): { bit: number; type: string; detail: Record<string, unknown> }[] {
  const mask = Number(extras.videoAlarms ?? 0);
  if (!mask) return [];
  const details: Record<string, Record<string, unknown>> = {
    videoSignalLoss: { channels: channelsOf(Number(extras.videoSignalLossChannels ?? 0)) },
    videoOcclusion: { channels: channelsOf(Number(extras.videoOcclusionChannels ?? 0)) },
    videoStorageFault: { storageFaults: Number(extras.storageFaults ?? 0) },
    abnormalDrivingBehaviour: { ...((extras.abnormalDriving as Record<string, unknown> | undefined) ?? {}) },
  };
  return VIDEO_ALARM_TYPES.flatMap((type, bit) => ((mask >>> bit) & 1 ? [{ bit: -1, type, detail: { videoAlarmBit: bit, ...(details[type] ?? {}) } }] : []));
}

function channelsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 32; i++) if ((mask >>> i) & 1) out.push(i + 1);
  return out;
}

export interface ActiveSafetyItem {
  kind: 'adas' | 'dsm' | 'tpms' | 'bsd';
  type: string;
  level?: number;
  value: ActiveSafetyCommon;
  detail: Record<string, unknown>;
}

/** The 0x64-0x67 items of a position: one alarm each (a tyre item names its tyres in the detail). */
export function activeSafetyItems(extras: Record<string, unknown>): ActiveSafetyItem[] {
  const out: ActiveSafetyItem[] = [];
  for (const kind of ['adas', 'dsm', 'tpms', 'bsd'] as const) {
    const value = extras[kind] as (ActiveSafetyCommon & Partial<AdasAlarm & DsmAlarm & TpmsAlarm>) | undefined;
    if (!value || typeof value !== 'object' || !value.identification) continue;
    const type = activeSafetyType(kind, value.eventType);
    const { identification, alarmId, flag, level, eventType } = value;
    const specific =
      kind === 'adas'
        ? { frontSpeedKmh: value.frontSpeedKmh, frontDistance: value.frontDistance, departureType: value.departureType, roadSignType: value.roadSignType, roadSignValue: value.roadSignValue }
        : kind === 'dsm'
          ? { fatigueLevel: value.fatigueLevel }
          : kind === 'tpms'
            ? { tyres: value.events ?? [] }
            : {};
    out.push({ kind, type, level, value, detail: { activeSafety: kind, alarmId, flag, eventType, terminalLevel: level, identification, ...specific } });
  }
  return out;
}
