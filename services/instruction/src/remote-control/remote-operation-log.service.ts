import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import { parseTimeParam, type Page } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { pathOf, whereInScope } from '@openfleet/storage';
import type { RemoteLogQueryDto } from './remote-control.dto';
import { RemoteOperationLog } from './remote-operation-log.entity';

/** remoteOperationLog: every remote operation and lock-wizard step, with who asked and what came of it. */
@Injectable()
export class RemoteOperationLogService {
  constructor(@InjectRepository(RemoteOperationLog, 'instruction') private readonly logs: Repository<RemoteOperationLog>) {}

  async record(user: AuthUser, vehicle: VehicleRegistryEntry, operation: string, detail: string, outcome: { orderId?: string | null; errorCode: number }): Promise<void> {
    await this.logs.insert({
      vehicleId: vehicle.vehicleId,
      plateCode: vehicle.plateCode,
      companyPath: pathOf(vehicle.companyPath),
      fleetPath: pathOf(vehicle.fleetPath),
      operation,
      detail: detail.slice(0, 255),
      orderId: outcome.orderId ? Number(outcome.orderId) : null,
      result: outcome.errorCode ? 0 : 1,
      errorCode: outcome.errorCode,
      operatorId: user.id,
      operatorName: '',
      createdAt: Date.now(),
    });
  }

  async page(user: AuthUser, query: RemoteLogQueryDto): Promise<Page<RemoteOperationLog>> {
    const builder = this.logs.createQueryBuilder('l').where('1 = 1');
    if (query.vehicleId) builder.andWhere('l.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.keyword) builder.andWhere('l.plate_code LIKE :keyword', { keyword: `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    if (query.startTime) builder.andWhere('l.created_at >= :from', { from: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) builder.andWhere('l.created_at <= :to', { to: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    const [records, total] = await whereInScope(builder, user, 'l', { vehicleColumn: 'vehicle_id' })
      .orderBy('l.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }
}
