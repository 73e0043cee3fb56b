import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkFilterScope, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, type WaybillUploadView } from '@openfleet/contracts';
import { parseTimeParam, type Page } from '@openfleet/service-kit';
import { whereInScope } from '@openfleet/storage';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import type { WaybillUploadQueryDto } from './waybill.dto';
import { WaybillUpload } from './waybill.entity';
import { escapeLike, WAYBILL_EXPORT_ROWS } from './waybill.service';
import { waybillFields } from './waybill-upload-content';

/** The 0x0701 waybills terminals reported, in the caller's vehicle scope, newest first. */
@Injectable()
export class WaybillUploadService {
  constructor(
    @InjectRepository(WaybillUpload, 'industry') private readonly uploads: Repository<WaybillUpload>,
    private readonly registry: VehicleRegistry,
  ) {}

  async page(user: AuthUser, query: WaybillUploadQueryDto): Promise<Page<WaybillUploadView>> {
    const [rows, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map((row) => this.view(row)), total, current: query.current, size: query.size };
  }

  async exportRows(user: AuthUser, query: WaybillUploadQueryDto): Promise<WaybillUploadView[]> {
    return (await this.filtered(user, query).take(WAYBILL_EXPORT_ROWS).getMany()).map((row) => this.view(row));
  }

  private view(row: WaybillUpload): WaybillUploadView {
    return {
      id: row.id,
      vehicleId: row.vehicleId,
      plateCode: this.registry.byVehicleId(row.vehicleId)?.plateCode ?? '',
      terminalPhone: row.terminalPhone,
      driverName: row.driverName,
      driverLicence: row.driverLicence,
      receivedAt: formatChinaTime(row.receivedAt),
      length: row.length,
      text: row.contentText,
      fields: waybillFields(row.contentText),
      hex: row.contentHex,
    };
  }

  private filtered(user: AuthUser, query: WaybillUploadQueryDto): SelectQueryBuilder<WaybillUpload> {
    checkFilterScope(user, this.registry.all(), query);
    const q = whereInScope(this.uploads.createQueryBuilder('u'), user, 'u', { vehicleColumn: 'vehicle_id' }).orderBy('u.received_at', 'DESC').addOrderBy('u.id', 'DESC');
    const vehicleIds = (query.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (vehicleIds.length) q.andWhere('u.vehicle_id IN (:...vehicleIds)', { vehicleIds });
    if (query.companyId) q.andWhere('u.company_path LIKE :company', { company: `%/${query.companyId}/%` });
    if (query.driverName) q.andWhere("u.driver_name LIKE :driver ESCAPE '!'", { driver: `%${escapeLike(query.driverName)}%` });
    if (query.startTime) q.andWhere('u.received_at >= :start', { start: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) q.andWhere('u.received_at <= :end', { end: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    if (query.keyword) q.andWhere("u.content_text LIKE :like ESCAPE '!'", { like: `%${escapeLike(query.keyword)}%` });
    return q;
  }
}
