import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { chinaDate, type SnapshotView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam } from '@openfleet/service-kit';
import { pathOf, whereInScope } from '@openfleet/storage';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Repository } from 'typeorm';
import { VideoDirectory } from '../registry/video-directory';
import { VideoStorage } from '../storage/video-storage';
import { VideoSnapshot } from './video-snapshot.entity';

/** Spec §9: a picture upload is at most 2 MB. */
export const MAX_SNAPSHOT_BYTES = 2 * 1024 * 1024;

/** What an image's first bytes must be for its declared type. */
const SIGNATURES: Record<string, { ext: string; magic: Buffer }> = {
  'image/jpeg': { ext: 'jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  'image/png': { ext: 'png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
};

export interface SnapshotFilter {
  vehicleId?: string;
  startTime?: string;
  endTime?: string;
  current: number;
  size: number;
}

/**
 * Screenshots of live or playback video: the console draws the playing frame on a canvas and
 * sends it as a JPEG or PNG data URL (the server does not decode video, so the picture is exactly
 * what the operator saw); it is checked (type, magic bytes, 2 MB), stored and listed by scope.
 */
@Injectable()
export class SnapshotService {
  constructor(
    @InjectRepository(VideoSnapshot, 'video') private readonly snapshots: Repository<VideoSnapshot>,
    private readonly directory: VideoDirectory,
    private readonly storage: VideoStorage,
  ) {}

  async take(user: AuthUser, vehicleId: string, channel: number, image: string): Promise<SnapshotView> {
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    const match = /^data:(image\/(?:jpeg|png));base64,([A-Za-z0-9+/=]+)$/.exec(image);
    if (!match) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'image: a JPEG or PNG data URL', data: { field: 'image' } });
    const bytes = Buffer.from(match[2], 'base64');
    if (bytes.length > MAX_SNAPSHOT_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    const signature = SIGNATURES[match[1]];
    if (!bytes.subarray(0, signature.magic.length).equals(signature.magic)) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'image: not a JPEG or PNG', data: { field: 'image' } });
    const takenAt = Date.now();
    const day = chinaDate(takenAt);
    const key = join('snapshots', day, `${vehicleId}-${channel}-${takenAt}-${randomUUID().slice(0, 8)}.${signature.ext}`);
    const path = this.storage.resolve(key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    const row = await this.snapshots.save(
      this.snapshots.create({
        vehicleId,
        plateCode: vehicle.plateCode,
        companyPath: pathOf(vehicle.companyPath.map(String)),
        fleetPath: pathOf(vehicle.fleetPath.map(String)),
        channel,
        size: bytes.length,
        path: key,
        contentType: match[1],
        takenBy: user.id,
        takenAt,
      }),
    );
    return this.view(row);
  }

  async list(user: AuthUser, filter: SnapshotFilter): Promise<{ records: SnapshotView[]; total: number }> {
    const query = whereInScope(this.snapshots.createQueryBuilder('s'), user, 's', { vehicleColumn: 'vehicle_id' });
    if (filter.vehicleId) query.andWhere('s.vehicle_id = :vehicleId', { vehicleId: filter.vehicleId });
    if (filter.startTime) query.andWhere('s.taken_at >= :from', { from: parseTimeParam(filter.startTime, 'startTime') * 1000 });
    if (filter.endTime) query.andWhere('s.taken_at <= :to', { to: parseTimeParam(filter.endTime, 'endTime') * 1000 + 999 });
    const [rows, total] = await query.orderBy('s.id', 'DESC').skip((filter.current - 1) * filter.size).take(filter.size).getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total };
  }

  /** Where a snapshot's image is (2009 for one out of scope; the file may be gone since: the caller stats it). */
  async file(user: AuthUser, id: number): Promise<{ path: string; contentType: string }> {
    const row = await whereInScope(this.snapshots.createQueryBuilder('s'), user, 's', { vehicleColumn: 'vehicle_id' }).andWhere('s.id = :id', { id }).getOne();
    if (!row) throw new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND);
    return { path: this.storage.resolve(row.path), contentType: row.contentType };
  }

  private view(row: VideoSnapshot): SnapshotView {
    return { id: row.id, vehicleId: row.vehicleId, plateCode: row.plateCode, channel: row.channel, takenAt: row.takenAt, size: row.size, fileUrl: `/video/snapshots/${row.id}/file`, takenBy: row.takenBy };
  }
}
