import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode, type Locale } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { importColumns, validateImport, writeLocalizedSheet, type LocalizedColumn } from '@openfleet/service-kit';
import { CompanyService } from '../company/company.service';
import { RegistryPublisher } from '../registry/registry.publisher';
import { CreateVehicleDto } from './dto/vehicle.dto';
import { Vehicle } from './vehicle.entity';
import { VehicleService } from './vehicle.service';

const column = (key: string, zh_CN: string, en_US: string, width?: number): LocalizedColumn => ({ key, header: { zh_CN, en_US }, width });

export const VEHICLE_COLUMNS: LocalizedColumn[] = [
  column('plateCode', '车牌号', 'Plate'),
  column('plateColor', '车牌颜色', 'Plate color'),
  column('vehicleType', '车辆类型', 'Vehicle type'),
  column('vin', '车架号', 'VIN', 22),
  column('engineNo', '发动机号', 'Engine no.'),
  column('brand', '品牌', 'Brand'),
  column('model', '型号', 'Model'),
  column('ownerName', '车主', 'Owner'),
  column('ownerPhone', '车主电话', 'Owner phone'),
  // Codes as the form's lists number them (vehicle-states.ts); optional, so older templates still import.
  column('registrationState', '登记状态', 'Registration state'),
  column('useState', '使用状态', 'Use state'),
  column('driveType', '驱动形式', 'Drive type'),
  column('fuelType', '燃料类型', 'Fuel type'),
];
const SHEET_NAME = { zh_CN: '车辆', en_US: 'vehicles' };

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
      columns: importColumns(VEHICLE_COLUMNS),
      dto: CreateVehicleDto,
      numeric: ['plateColor', 'vehicleType', 'registrationState', 'useState', 'driveType', 'fuelType'],
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

  /** The caller's vehicles, headers in the requester's language (`locale`). */
  async export(user: AuthUser, locale: Locale): Promise<Buffer> {
    const vehicles = await this.vehicles.scoped(user).orderBy('vehicle.id', 'ASC').take(100_000).getMany();
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, vehicles as unknown as Record<string, unknown>[]);
  }

  template(locale: Locale): Promise<Buffer> {
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, []);
  }
}
