import type { SheetColumn } from '@openfleet/service-kit';
import type { ComparedTrack } from '@openfleet/contracts';

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** The comparison's summary sheet: one row per vehicle, the legend's figures. */
export function vehicleTracksSheet(tracks: readonly ComparedTrack[]): { name: string; columns: SheetColumn[]; rows: Record<string, unknown>[] } {
  return {
    name: 'vehicleTrack',
    columns: [
      { key: 'plateCode', header: '车牌号', width: 14 },
      { key: 'startTime', header: '开始时间', width: 20 },
      { key: 'endTime', header: '结束时间', width: 20 },
      { key: 'mileageKm', header: '里程(km)', width: 10 },
      { key: 'drivingH', header: '行驶时长(h)', width: 12 },
      { key: 'maxSpeed', header: '最高速度(km/h)', width: 14 },
      { key: 'averageSpeed', header: '平均速度(km/h)', width: 14 },
      { key: 'stopCount', header: '停车次数', width: 10 },
      { key: 'pointCount', header: '定位点数', width: 10 },
    ],
    rows: tracks.map((track) => ({
      plateCode: track.plateCode || track.vehicleId,
      startTime: track.startTime ?? '',
      endTime: track.endTime ?? '',
      mileageKm: track.mileageKm,
      drivingH: hours(track.drivingS),
      maxSpeed: track.maxSpeed,
      averageSpeed: track.averageSpeed,
      stopCount: track.stopCount,
      pointCount: track.pointCount,
    })),
  };
}
