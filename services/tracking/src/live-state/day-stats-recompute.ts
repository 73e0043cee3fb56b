import { Injectable } from '@nestjs/common';
import { chinaDayStart } from '@openfleet/contracts';
import type { EntityManager } from 'typeorm';
import { PointQuality } from '../ingest/track-point';
import { foldDayPoint, newDayStats, type DayPointInput } from './day-stats';
import { LiveStateService, type DayRow } from './live-state.service';
import { reportingDay } from './vehicle-live-state';

const DAY_S = 86_400;
const UNTRUSTED = PointQuality.NO_FIX | PointQuality.JUMP;
const SELECT_POINTS =
  'SELECT gps_time, latitude_e6, longitude_e6, speed_dkmh, direction, acc_state, alarm_flags, mileage_hm, fuel_dl, quality FROM track_point WHERE terminal_phone = ? AND gps_time >= ? AND gps_time < ?';

interface StoredPoint {
  gps_time: number;
  latitude_e6: number;
  longitude_e6: number;
  speed_dkmh: number | null;
  direction: number;
  acc_state: number;
  alarm_flags: number | string;
  mileage_hm: number | null;
  fuel_dl: number | null;
  quality: number;
}

/**
 * A blind-area upload (0x0704, or reports that arrive late) lands inside days that were already
 * folded point by point: those days are folded again from every stored point, in the ingest's own
 * transaction after the batch's points are written, so the statistics are those of the whole day
 * whatever order its points came in. Rare and bounded: one day of one terminal is at most 8,640
 * points at a 10 s interval.
 */
@Injectable()
export class DayStatsRecompute {
  constructor(private readonly live: LiveStateService) {}

  async refold(days: readonly { terminalPhone: string; gpsTime: number }[], manager: EntityManager): Promise<void> {
    const rules = this.live.dayRules;
    const standalone: DayRow[] = [];
    for (const { terminalPhone, gpsTime } of days) {
      const day = reportingDay(gpsTime);
      const startS = chinaDayStart(day) / 1000;
      const points: StoredPoint[] = await manager.query(`${SELECT_POINTS} ORDER BY gps_time, sequence`, [terminalPhone, startS, startS + DAY_S]);
      // The last trusted point before midnight, within the gap, carries over as it does live.
      const [before] = points.length
        ? await manager.query(`${SELECT_POINTS} AND quality & ${UNTRUSTED} = 0 ORDER BY gps_time DESC, sequence DESC LIMIT 1`, [terminalPhone, Number(points[0].gps_time) - rules.maxGapS, startS])
        : [];
      const dayBefore = newDayStats('');
      if (before) foldDayPoint(dayBefore, toInput(before), rules);
      const stats = newDayStats(day, dayBefore, points.length ? Number(points[0].gps_time) : undefined, rules.maxGapS);
      let lastTime = -1;
      for (const point of points) {
        // Jumps and fixless reports stay out, as they do live; a second report of the same second counts once.
        if (Number(point.quality) & UNTRUSTED || Number(point.gps_time) === lastTime) continue;
        lastTime = Number(point.gps_time);
        foldDayPoint(stats, toInput(point), rules);
      }
      const state = this.live.get(terminalPhone);
      // The live day continues from the refolded one (its last point is the newest of the day).
      if (state?.day?.day === day) state.day = stats;
      else standalone.push({ terminalPhone, vehicleId: state ? this.live.vehicleIdOf(state) : '', day: stats });
    }
    await this.live.persistDays(manager, standalone);
  }
}

function toInput(point: StoredPoint): DayPointInput {
  return {
    gpsTime: Number(point.gps_time),
    latitudeE6: Number(point.latitude_e6),
    longitudeE6: Number(point.longitude_e6),
    speedDkmh: point.speed_dkmh === null ? null : Number(point.speed_dkmh),
    direction: Number(point.direction),
    accState: Number(point.acc_state),
    alarmFlags: Number(point.alarm_flags),
    mileageHm: point.mileage_hm === null ? null : Number(point.mileage_hm),
    fuelDl: point.fuel_dl === null ? null : Number(point.fuel_dl),
  };
}
