import type { VideoFluxRow } from '@openfleet/contracts';
import { writeSheet } from '@openfleet/service-kit';

const MEGABYTE = 1024 * 1024;

/**
 * videoflux as the console shows it (MB with two decimals, minutes with one), one row per vehicle,
 * channel and day, with zh_CN headers as every export of the console.
 */
export function fluxSheet(rows: VideoFluxRow[]): Promise<Buffer> {
  return writeSheet(
    'videoflux',
    [
      { key: 'day', header: '日期', width: 12 },
      { key: 'plateCode', header: '车牌号', width: 14 },
      { key: 'channel', header: '通道', width: 8 },
      { key: 'megabytes', header: '流量(MB)', width: 12 },
      { key: 'minutes', header: '时长(分钟)', width: 12 },
      { key: 'sessions', header: '会话次数', width: 10 },
    ],
    rows.map((row) => ({ day: row.day, plateCode: row.plateCode || row.vehicleId, channel: row.channel, megabytes: Number((row.bytes / MEGABYTE).toFixed(2)), minutes: Number((row.seconds / 60).toFixed(1)), sessions: row.sessions })),
  );
}
