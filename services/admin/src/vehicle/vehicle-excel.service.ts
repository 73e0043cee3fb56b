import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode, isAppError, type Locale } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import { In, type DataSource } from 'typeorm';
import { importColumns, validateImport, writeLocalizedSheet, type LocalizedColumn } from '@openfleet/service-kit';
import { CompanyService } from '../company/company.service';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Terminal } from '../terminal/terminal.entity';
import { ImportVehicleDto } from './dto/vehicle.dto';
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
  // The terminal (its SIM number, as JT/T 808 calls it 终端手机号) the vehicle is bound to; on import,
  // bound as POST /basic/vehicle/:id/bind would. Optional, so older templates still import.
  column('terminalPhone', '终端手机号', 'Terminal phone'),
];
/** What binding from an import needs besides carList:import (what POST /basic/vehicle/:id/bind needs). */
const BIND_ACTION = 'carList:bind';
/** Terminal phones an export looks up at once. */
const LOOKUP_BATCH = 500;
const SHEET_NAME = { zh_CN: '车辆', en_US: 'vehicles' };

/** Vehicle import (all rows or none) and export of the caller's vehicles. */
@Injectable()
export class VehicleExcelService {
  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly vehicles: VehicleService,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
    private readonly permissions: PermissionCache,
  ) {}

  /**
   * Imports into the caller's company; a row naming a terminal binds the new vehicle to it under the
   * single bind's rules (VehicleService.bindableTerminal / writeBind), in the same transaction. Any bad
   * row: nothing is written, 5005 with `[{row, reasons}]`.
   */
  async import(user: AuthUser, file: Buffer): Promise<{ imported: number; bound: number }> {
    const company = await this.companies.getVisible(user, Number(user.companyId));
    const terminalOfRow = new Map<ImportVehicleDto, number>();
    const terminalsNamed = new Set<string>();
    const accepted = await validateImport(file, {
      columns: importColumns(VEHICLE_COLUMNS),
      dto: ImportVehicleDto,
      numeric: ['plateColor', 'vehicleType', 'registrationState', 'useState', 'driveType', 'fuelType'],
      uniqueKey: (dto) => `${dto.plateCode}|${dto.plateColor}`,
      existsInDatabase: async (dto) =>
        (await this.dataSource.getRepository(Vehicle).exist({ where: { plateCode: dto.plateCode, plateColor: dto.plateColor } }))
          ? `${ErrorCode.PLATE_DUPLICATE}: plate already exists`
          : undefined,
      checkRow: async (dto) => {
        if (!dto.terminalPhone) return undefined;
        // The action code the single bind's route requires: without it, the whole file is refused.
        if (!this.permissions.allows(user, [BIND_ACTION])) throw new AppError(ErrorCode.NO_PERMISSION, { data: BIND_ACTION });
        if (terminalsNamed.has(dto.terminalPhone)) return `${ErrorCode.ALREADY_BOUND}: terminal ${dto.terminalPhone} named by another row of the file`;
        terminalsNamed.add(dto.terminalPhone);
        try {
          terminalOfRow.set(dto, (await this.vehicles.bindableTerminal(user, { terminalPhone: dto.terminalPhone }, null)).id);
          return undefined;
        } catch (error) {
          if (!isAppError(error)) throw error;
          return error.errorCode === ErrorCode.ALREADY_BOUND
            ? `${ErrorCode.ALREADY_BOUND}: terminal ${dto.terminalPhone} is bound to another vehicle`
            : `${error.errorCode}: terminal ${dto.terminalPhone} does not exist or is outside your scope`;
        }
      },
    });
    const binds: { vehicleId: number; terminalId: number }[] = [];
    const saved = await new TransactionRunner(this.dataSource).run(async (manager) => {
      const vehicles = await manager.save(
        accepted.map(({ terminalPhone: _terminal, ...dto }) =>
          manager.create(Vehicle, { ...dto, companyId: company.id, companyPath: company.companyPath, fleetId: null, fleetPath: '', terminalId: null, updatedAt: Date.now() }),
        ),
        { chunk: 200 },
      );
      binds.length = 0; // a retried transaction starts over
      for (const [index, dto] of accepted.entries()) {
        const terminalId = terminalOfRow.get(dto);
        if (terminalId === undefined) continue;
        // A terminal bound by someone else since the check: 4231, and the whole file rolls back.
        await this.vehicles.writeBind(manager, vehicles[index].id, terminalId);
        binds.push({ vehicleId: vehicles[index].id, terminalId });
      }
      return vehicles;
    });
    const boundIds = new Set(binds.map((bind) => bind.vehicleId));
    await this.publisher.publishVehicles(saved.filter((vehicle) => !boundIds.has(vehicle.id)));
    await this.vehicles.publishBinds([...boundIds], binds.map((bind) => bind.terminalId));
    return { imported: saved.length, bound: binds.length };
  }

  /** The caller's vehicles with their terminal's phone, headers in the requester's language (`locale`). */
  async export(user: AuthUser, locale: Locale): Promise<Buffer> {
    const vehicles = await this.vehicles.scoped(user).orderBy('vehicle.id', 'ASC').take(100_000).getMany();
    const terminalIds = vehicles.map((vehicle) => vehicle.terminalId).filter((id): id is number => id !== null);
    const phoneOf = new Map<number, string>();
    for (let start = 0; start < terminalIds.length; start += LOOKUP_BATCH) {
      const terminals = await this.dataSource.getRepository(Terminal).find({ select: { id: true, terminalPhone: true }, where: { id: In(terminalIds.slice(start, start + LOOKUP_BATCH)) } });
      terminals.forEach((terminal) => phoneOf.set(terminal.id, terminal.terminalPhone));
    }
    const rows = vehicles.map((vehicle) => ({ ...vehicle, terminalPhone: vehicle.terminalId ? (phoneOf.get(vehicle.terminalId) ?? '') : '' }));
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, rows as unknown as Record<string, unknown>[]);
  }

  template(locale: Locale): Promise<Buffer> {
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, []);
  }
}
