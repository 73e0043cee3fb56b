import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode, type Locale } from '@openfleet/errors';
import { insertMany, TransactionRunner } from '@openfleet/storage';
import { In, type DataSource } from 'typeorm';
import { IMPORT_LOOKUP_BATCH, importColumns, validateImport, writeLocalizedSheet, type LocalizedColumn } from '@openfleet/service-kit';
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
const SHEET_NAME = { zh_CN: '车辆', en_US: 'vehicles' };
/** A plate is unique with its colour. */
const plateKey = (dto: ImportVehicleDto) => `${dto.plateCode}|${dto.plateColor}`;

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
   * single bind's rules (bindableTerminal's checks on the terminals asked for at once, then writeBinds),
   * in the same transaction. Any bad row: nothing is written, 5005 with `[{row, reasons}]`. The whole
   * file is a few statements per 200-500 rows (bench:imports), never a round trip per row.
   */
  async import(user: AuthUser, file: Buffer): Promise<{ imported: number; bound: number }> {
    const company = await this.companies.getVisible(user, Number(user.companyId));
    const terminalOfRow = new Map<ImportVehicleDto, number>();
    const accepted = await validateImport(file, {
      columns: importColumns(VEHICLE_COLUMNS),
      dto: ImportVehicleDto,
      numeric: ['plateColor', 'vehicleType', 'registrationState', 'useState', 'driveType', 'fuelType'],
      uniqueKey: plateKey,
      existingInDatabase: (dtos) => this.existingPlates(dtos),
      checkRows: async (dtos) => {
        const phones = [...new Set(dtos.map((dto) => dto.terminalPhone).filter((phone): phone is string => !!phone))];
        if (!phones.length) return [];
        // The action code the single bind's route requires: without it, the whole file is refused.
        if (!this.permissions.allows(user, [BIND_ACTION])) throw new AppError(ErrorCode.NO_PERMISSION, { data: BIND_ACTION });
        const visible = await this.vehicles.visibleTerminalsByPhone(user, phones);
        const named = new Set<string>();
        // The single bind's rules (bindableTerminal), row by row in sheet order, on terminals asked for at once.
        return dtos.map((dto) => {
          const phone = dto.terminalPhone;
          if (!phone) return undefined;
          if (named.has(phone)) return `${ErrorCode.ALREADY_BOUND}: terminal ${phone} named by another row of the file`;
          named.add(phone);
          const terminal = visible.get(phone);
          if (!terminal) return `${ErrorCode.NO_PERMISSION}: terminal ${phone} does not exist or is outside your scope`;
          if (terminal.vehicleId) return `${ErrorCode.ALREADY_BOUND}: terminal ${phone} is bound to another vehicle`;
          terminalOfRow.set(dto, terminal.id);
          return undefined;
        });
      },
    });
    const binds: { vehicleId: number; terminalId: number }[] = [];
    const saved = await new TransactionRunner(this.dataSource).run(async (manager) => {
      const vehicles = await insertMany(
        manager,
        Vehicle,
        accepted.map(({ terminalPhone: _terminal, ...dto }) => ({ ...dto, companyId: company.id, companyPath: company.companyPath, fleetId: null, fleetPath: '', terminalId: null, updatedAt: Date.now() })),
        ['plateCode', 'plateColor'],
      );
      binds.length = 0; // a retried transaction starts over
      for (const [index, dto] of accepted.entries()) {
        const terminalId = terminalOfRow.get(dto);
        if (terminalId !== undefined) binds.push({ vehicleId: vehicles[index].id, terminalId });
      }
      // A terminal bound by someone else since the check: 4231, and the whole file rolls back.
      await this.vehicles.writeBinds(manager, binds);
      return vehicles;
    });
    const boundIds = new Set(binds.map((bind) => bind.vehicleId));
    await this.publisher.publishVehicles(saved.filter((vehicle) => !boundIds.has(vehicle.id)));
    await this.vehicles.publishBinds([...boundIds], binds.map((bind) => bind.terminalId));
    return { imported: saved.length, bound: binds.length };
  }

  /** Of these rows, the plates (plate and colour) already registered, by `plateKey`: one query per batch of plates. */
  private async existingPlates(dtos: ImportVehicleDto[]): Promise<Map<string, string>> {
    // The database compares plates as its collation does (MySQL's ignores case): a row found may spell it otherwise.
    const rowsOfPlate = new Map<string, ImportVehicleDto[]>();
    for (const dto of dtos) rowsOfPlate.set(dto.plateCode.toLowerCase(), [...(rowsOfPlate.get(dto.plateCode.toLowerCase()) ?? []), dto]);
    const plates = dtos.map((dto) => dto.plateCode);
    const found = new Map<string, string>();
    for (let start = 0; start < plates.length; start += IMPORT_LOOKUP_BATCH) {
      const rows = await this.dataSource.getRepository(Vehicle).find({ select: { plateCode: true, plateColor: true }, where: { plateCode: In(plates.slice(start, start + IMPORT_LOOKUP_BATCH)) } });
      for (const row of rows) {
        for (const dto of rowsOfPlate.get(row.plateCode.toLowerCase()) ?? []) if (dto.plateColor === row.plateColor) found.set(plateKey(dto), `${ErrorCode.PLATE_DUPLICATE}: plate already exists`);
      }
    }
    return found;
  }

  /** The caller's vehicles with their terminal's phone, headers in the requester's language (`locale`). */
  async export(user: AuthUser, locale: Locale): Promise<Buffer> {
    const vehicles = await this.vehicles.scoped(user).orderBy('vehicle.id', 'ASC').take(100_000).getMany();
    const terminalIds = vehicles.map((vehicle) => vehicle.terminalId).filter((id): id is number => id !== null);
    const phoneOf = new Map<number, string>();
    for (let start = 0; start < terminalIds.length; start += IMPORT_LOOKUP_BATCH) {
      const terminals = await this.dataSource.getRepository(Terminal).find({ select: { id: true, terminalPhone: true }, where: { id: In(terminalIds.slice(start, start + IMPORT_LOOKUP_BATCH)) } });
      terminals.forEach((terminal) => phoneOf.set(terminal.id, terminal.terminalPhone));
    }
    const rows = vehicles.map((vehicle) => ({ ...vehicle, terminalPhone: vehicle.terminalId ? (phoneOf.get(vehicle.terminalId) ?? '') : '' }));
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, rows as unknown as Record<string, unknown>[]);
  }

  template(locale: Locale): Promise<Buffer> {
    return writeLocalizedSheet(SHEET_NAME, VEHICLE_COLUMNS, locale, []);
  }
}
