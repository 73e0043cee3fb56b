import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { readSheet, withImportSlot, writeSheet, type RowProblem } from '@openfleet/service-kit';
import { TransactionRunner } from '@openfleet/storage';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { DataSource } from 'typeorm';
import { WAYBILL_IMPORT_COLUMNS, waybillImportBody } from './waybill-import-sheet';
import { WaybillDto } from './waybill.dto';
import { WaybillService } from './waybill.service';

/**
 * Excel import of dispatchers' waybills, as admin's master data does: each row's plate names a
 * vehicle of the caller's scope, every row is checked as `POST /industry/waybill` checks a body
 * before anything is written, and any problem answers 5005 with `[{row, reasons}]` and writes
 * nothing. At most 1000 rows per sheet (spec §10). The rows are plain planned waybills, so the
 * tracker follows them as it follows the dialog's.
 */
@Injectable()
export class WaybillImportService {
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectDataSource('industry') dataSource: DataSource,
    private readonly waybills: WaybillService,
    private readonly registry: VehicleRegistry,
  ) {
    this.transactions = new TransactionRunner(dataSource);
  }

  template(): Promise<Buffer> {
    return writeSheet('waybills', WAYBILL_IMPORT_COLUMNS, []);
  }

  async import(user: AuthUser, file: Buffer): Promise<{ imported: number }> {
    return withImportSlot(async () => {
      const accepted = await this.validate(user, file);
      await this.transactions.run(async (manager) => {
        for (const dto of accepted) await this.waybills.create(user, dto, manager);
      });
      return { imported: accepted.length };
    });
  }

  private async validate(user: AuthUser, file: Buffer): Promise<WaybillDto[]> {
    const plates = this.platesInScope(user);
    const problems: RowProblem[] = [];
    const accepted: WaybillDto[] = [];
    for (const { row, values } of await readSheet(file, WAYBILL_IMPORT_COLUMNS)) {
      const { plateCode, body } = waybillImportBody(values);
      const vehicleId = plates.get(plateCode);
      const dto = plainToInstance(WaybillDto, { ...body, vehicleId: vehicleId ?? '-' }, { enableImplicitConversion: false });
      const reasons = (await validate(dto, { whitelist: true, forbidNonWhitelisted: true })).flatMap((error) => constraintsOf(error));
      if (!vehicleId) reasons.unshift(`${ErrorCode.VEHICLE_NOT_FOUND}: no vehicle ${plateCode || '(empty plate)'} in your scope`);
      if (!reasons.length) {
        try {
          this.waybills.fields(user, dto); // times in China time, arrival after departure, the vehicle's scope
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          reasons.push(`${error.errorCode}: ${error.message}${error.data ? ` ${JSON.stringify(error.data)}` : ''}`);
        }
      }
      if (reasons.length) problems.push({ row, reasons });
      else accepted.push(dto);
    }
    if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: problems });
    return accepted;
  }

  /** Plate → vehicle id among the vehicles the caller may see (another company's plate is not found). */
  private platesInScope(user: AuthUser): Map<string, string> {
    const plates = new Map<string, string>();
    for (const vehicle of this.registry.all()) if (this.registry.visibleTo(user, vehicle.vehicleId)) plates.set(vehicle.plateCode, vehicle.vehicleId);
    return plates;
  }
}

/** Nested errors (origin.radiusM) carry their constraints on the children. */
function constraintsOf(error: ValidationError, prefix = ''): string[] {
  const own = Object.values(error.constraints ?? {}).map((text) => `${prefix}${text}`);
  return [...own, ...(error.children ?? []).flatMap((child) => constraintsOf(child, `${prefix}${error.property}.`))];
}
