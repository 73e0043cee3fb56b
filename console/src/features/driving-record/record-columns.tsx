import type { TFunction } from 'i18next';
import type { ColumnSpec } from '../table-screen/TableScreen';
import type { DrivingRecordView } from './drivingRecordApi';
import { formatLngLat } from '../formats/coordinates';

type Fields = Record<string, unknown>;
type Position = { longitude: number | null; latitude: number | null; altitudeM: number } | undefined;
type Sample = { speed: number; status: number };

const position = (p: unknown) => {
  const value = p as Position;
  return formatLngLat(value?.longitude, value?.latitude);
};
const samples = (data: Fields) => (Array.isArray(data.samples) ? (data.samples as Sample[]) : []);
const valid = (list: number[]) => list.filter((v) => v !== 0xff);
const max = (list: number[]) => (list.length ? Math.max(...list) : 0);
const avg = (list: number[]) => (list.length ? Math.round(list.reduce((a, b) => a + b, 0) / list.length) : 0);
const field = (key: string, titleKey: string, width = 160): ColumnSpec<DrivingRecordView> => ({ key, titleKey, width, render: (r) => String(r.data[key] ?? '') });

/** The columns of a command word's list: its GB/T 19056 fields (appendix A), curves aside. */
export function columnsFor(word: number, t: TFunction): ColumnSpec<DrivingRecordView>[] {
  const time: ColumnSpec<DrivingRecordView> = { key: 'time', titleKey: 'drivingRecord.time', width: 170, render: (r) => r.time };
  const received: ColumnSpec<DrivingRecordView> = { key: 'receivedTime', titleKey: 'drivingRecord.receivedTime', width: 170, render: (r) => r.receivedTime };
  switch (word) {
    case 0x08:
      return [
        { ...time, titleKey: 'drivingRecord.startTime' },
        { key: 'max', titleKey: 'drivingRecord.maxSpeed', width: 110, render: (r) => `${max(valid(samples(r.data).map((s) => s.speed)))}` },
        { key: 'avg', titleKey: 'drivingRecord.avgSpeed', width: 110, render: (r) => `${avg(valid(samples(r.data).map((s) => s.speed)))}` },
        { key: 'speeds', titleKey: 'drivingRecord.speeds', width: 420, render: (r) => samples(r.data).map((s) => s.speed).join(' ') },
        received,
      ];
    case 0x09:
      return [
        { ...time, titleKey: 'drivingRecord.startTime' },
        { key: 'first', titleKey: 'drivingRecord.firstPosition', width: 200, render: (r) => position((r.data.points as unknown[] | undefined)?.[0]) },
        { key: 'last', titleKey: 'drivingRecord.lastPosition', width: 200, render: (r) => position((r.data.points as unknown[] | undefined)?.at(-1)) },
        { key: 'avg', titleKey: 'drivingRecord.avgSpeed', width: 110, render: (r) => `${avg(valid(((r.data.points as Sample[] | undefined) ?? []).map((p) => p.speed)))}` },
        received,
      ];
    case 0x10:
      return [
        { ...time, titleKey: 'drivingRecord.endTime' },
        field('licence', 'drivingRecord.licence', 180),
        { key: 'position', titleKey: 'drivingRecord.position', width: 200, render: (r) => position(r.data.position) },
        { key: 'first', titleKey: 'drivingRecord.speedBefore', width: 130, render: (r) => `${samples(r.data)[0]?.speed ?? ''}` },
        received,
      ];
    case 0x11:
      return [
        field('licence', 'drivingRecord.licence', 180),
        field('start', 'drivingRecord.startTime', 170),
        field('end', 'drivingRecord.endTime', 170),
        { key: 'from', titleKey: 'drivingRecord.startPosition', width: 200, render: (r) => position(r.data.startPosition) },
        { key: 'to', titleKey: 'drivingRecord.endPosition', width: 200, render: (r) => position(r.data.endPosition) },
      ];
    case 0x12:
      return [time, field('licence', 'drivingRecord.licence', 180), { key: 'event', titleKey: 'drivingRecord.event', width: 100, render: (r) => t(`drivingRecord.login${String(r.data.event)}`, { defaultValue: String(r.data.event) }) }];
    case 0x13:
      return [time, { key: 'event', titleKey: 'drivingRecord.event', width: 100, render: (r) => t(`drivingRecord.power${String(r.data.event)}`, { defaultValue: String(r.data.event) }) }];
    case 0x14:
      return [time, { key: 'code', titleKey: 'drivingRecord.changeCode', width: 120, render: (r) => `${Number(r.data.code).toString(16).toUpperCase().padStart(2, '0')}H` }, received];
    case 0x15:
      return [
        { key: 'status', titleKey: 'drivingRecord.speedStatus', width: 100, render: (r) => t(r.data.status === 1 ? 'drivingRecord.normal' : 'drivingRecord.abnormal') },
        field('start', 'drivingRecord.startTime', 170),
        field('end', 'drivingRecord.endTime', 170),
        {
          key: 'pairs',
          titleKey: 'drivingRecord.recordedReference',
          width: 420,
          render: (r) => ((r.data.samples as { recorded: number; reference: number }[] | undefined) ?? []).map((s) => `${s.recorded}/${s.reference}`).join(' '),
        },
      ];
    default:
      // Header data (00H-07H): the answer's fields as one line, at the time it was received.
      return [
        received,
        {
          key: 'fields',
          titleKey: 'drivingRecord.fields',
          width: 640,
          render: (r) =>
            Object.entries(r.data)
              .map(([key, value]) => `${t(`drivingRecord.field.${key}`, { defaultValue: key })}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
              .join('; '),
        },
      ];
  }
}
