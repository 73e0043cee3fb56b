import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { VIDEO_QUERY_MAX_VEHICLES, type VideoFluxRow } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { whereInScope } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import { VideoFlux } from './video-flux.entity';

/** A traffic query covers at most a month of days. */
export const FLUX_MAX_DAYS = 31;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** videoflux: media traffic per vehicle, channel and day, for the vehicles in the caller's scope. */
@Injectable()
export class FluxService {
  constructor(@InjectRepository(VideoFlux, 'video') private readonly flux: Repository<VideoFlux>) {}

  async rows(user: AuthUser, startDay: string, endDay: string, vehicleIds: string[]): Promise<VideoFluxRow[]> {
    if (!DAY.test(startDay) || !DAY.test(endDay) || endDay < startDay) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'startDay' } });
    if ((Date.parse(endDay) - Date.parse(startDay)) / 86_400_000 >= FLUX_MAX_DAYS) throw new AppError(ErrorCode.QUERY_WINDOW_EXCEEDED, { data: { maxDays: FLUX_MAX_DAYS } });
    if (vehicleIds.length > VIDEO_QUERY_MAX_VEHICLES) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: `at most ${VIDEO_QUERY_MAX_VEHICLES} vehicles`, data: { field: 'vehicleIds' } });
    const query = whereInScope(this.flux.createQueryBuilder('f'), user, 'f', { vehicleColumn: 'vehicle_id' }).andWhere('f.day BETWEEN :startDay AND :endDay', { startDay, endDay });
    if (vehicleIds.length) query.andWhere('f.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    const rows = await query.orderBy('f.day', 'DESC').addOrderBy('f.vehicle_id').addOrderBy('f.channel').take(10_000).getMany();
    return rows.map((row) => ({ day: row.day, vehicleId: row.vehicleId, plateCode: row.plateCode, channel: row.channel, bytes: row.bytes, seconds: row.seconds, sessions: row.sessions }));
  }
}
