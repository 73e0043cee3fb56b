import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { validateImport, writeSheet, type SheetColumn } from '@openfleet/service-kit';
import { CompanyService } from '../company/company.service';
import { RegistryPublisher } from '../registry/registry.publisher';
import { CreateVehicleDto } from './dto/vehicle.dto';
import { Vehicle } from './vehicle.entity';
import { VehicleService } from './vehicle.service';

export const VEHICLE_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号' },
  { key: 'plateColor', header: '车牌颜色' },
  { key: 'vehicleType', header: '车辆类型' },
  { key: 'vin', header: '车架号', width: 22 },
  { key: 'engineNo', header: '发动机号' },
  { key: 'brand', header: '品牌' },
  { key: 'model', header: '型号' },
  { key: 'ownerName', header: '车主' },
  { key: 'ownerPhone', header: '车主电话' },
];

/** Vehicle import (all rows or none) and export of the caller's vehicles. */
@Injectable()
export class VehicleExcelService {
  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly vehicles: VehicleService,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
  ) {}

  /** Imports into the caller's company. Any bad row: nothing is written, 5005 with `[{row, reasons}]`. */
  async import(user: AuthUser, file: Buffer): Promise<{ imported: number }> {
    const company = await this.companies.getVisible(user, Number(user.companyId));
    const accepted = await validateImport(file, {
      columns: VEHICLE_COLUMNS,
      dto: CreateVehicleDto,
      numeric: ['plateColor', 'vehicleType'],
      uniqueKey: (dto) => `${dto.plateCode}|${dto.plateColor}`,
      existsInDatabase: async (dto) =>
        (await this.dataSource.getRepository(Vehicle).exist({ where: { plateCode: dto.plateCode, plateColor: dto.plateColor } }))
          ? `${ErrorCode.PLATE_DUPLICATE}: plate already exists`
          : undefined,
    });
    const saved = await new TransactionRunner(this.dataSource).run(async (manager) =>
      manager.save(
        accepted.map((dto) =>
          manager.create(Vehicle, { ...dto, companyId: company.id, companyPath: company.companyPath, fleetId: null, fleetPath: '', terminalId: null, updatedAt: Date.now() }),
        ),
        { chunk: 200 },
      ),
    );
    await this.publisher.publishVehicles(saved);
    return { imported: saved.length };
  }

  async export(user: AuthUser): Promise<Buffer> {
    const vehicles = await this.vehicles.scoped(user).orderBy('vehicle.id', 'ASC').take(100_000).getMany();
    return writeSheet('vehicles', VEHICLE_COLUMNS, vehicles as unknown as Record<string, unknown>[]);
  }

  template(): Promise<Buffer> {
    return writeSheet('vehicles', VEHICLE_COLUMNS, []);
  }
}
