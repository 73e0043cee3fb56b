import { VIDEO_ALARM_FLAGS } from '@openfleet/contracts/video';
import type { LiveVideoAlarms } from './live-types';

type Label = readonly [zh: string, en: string];

/** One active video alarm flag of the info panel: its name and what the 0x15-0x18 items add. */
export interface VideoAlarmTag {
  bit: number;
  label: Label;
  /** Channels, storage units or behaviours the alarm concerns; null when the terminal sent none. */
  detail: Label | null;
}

const SIGNAL_LOSS = 1;
const OCCLUSION = 2;
const STORAGE_FAULT = 4;
const ABNORMAL_DRIVING = 32;
// 0x17: bits 0-11 main storage units 1-12, bits 12-15 disaster-recovery units 1-4.
const MAIN_STORAGE_UNITS = 12;
// 0x18 behaviour bits (JT/T 1078 table 17).
const BEHAVIOURS: readonly Label[] = [['疲劳', 'fatigue'], ['打电话', 'phone call'], ['抽烟', 'smoking']];

function setBits(mask: number, width: number): number[] {
  const out: number[] = [];
  for (let bit = 0; bit < width; bit++) if ((mask >>> bit) & 1) out.push(bit);
  return out;
}

const list = (items: Label[]): Label | null => (items.length ? [items.map(([zh]) => zh).join('、'), items.map(([, en]) => en).join(', ')] : null);

function channels(mask: number): Label | null {
  return list(setBits(mask, 32).map((bit) => [`通道${bit + 1}`, `channel ${bit + 1}`]));
}

function storageUnits(mask: number): Label | null {
  return list(setBits(mask, 16).map((bit) => (bit < MAIN_STORAGE_UNITS ? [`主存储器${bit + 1}`, `main ${bit + 1}`] : [`灾备存储器${bit - MAIN_STORAGE_UNITS + 1}`, `backup ${bit - MAIN_STORAGE_UNITS + 1}`])));
}

function behaviours(driving: LiveVideoAlarms['abnormalDriving']): Label | null {
  if (!driving) return null;
  const named = setBits(driving.behaviours, BEHAVIOURS.length).map((bit) => BEHAVIOURS[bit]);
  return list(driving.behaviours & 1 ? [...named, [`疲劳程度${driving.fatigueLevel}`, `fatigue level ${driving.fatigueLevel}`]] : named);
}

/** The video alarm flags (0x14) a vehicle reports now, lowest bit first, with their 0x15-0x18 details. */
export function videoAlarmTags(alarms: LiveVideoAlarms | null): VideoAlarmTag[] {
  if (!alarms) return [];
  const details: Record<number, Label | null> = {
    [SIGNAL_LOSS]: channels(alarms.signalLossChannels),
    [OCCLUSION]: channels(alarms.occlusionChannels),
    [STORAGE_FAULT]: storageUnits(alarms.storageFaults),
    [ABNORMAL_DRIVING]: behaviours(alarms.abnormalDriving),
  };
  return Object.entries(VIDEO_ALARM_FLAGS)
    .map(([bit, label]) => ({ bit: Number(bit), label }))
    .filter(({ bit }) => (alarms.flags & bit) !== 0)
    .sort((a, b) => a.bit - b.bit)
    .map(({ bit, label }) => ({ bit, label, detail: details[bit] ?? null }));
}
