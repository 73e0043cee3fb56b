import { Injectable } from '@nestjs/common';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { OperationImportResult, OperationResource } from '@openfleet/contracts';
import { ErrorCode, isAppError, messageFor, type Locale } from '@openfleet/errors';
import { importCell, importColumns, readSheet, withImportSlot, writeLocalizedSheet, type LocalizedColumn, type RowProblem } from '@openfleet/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { OperatingRelationDto, ServiceTermDto, SpecialBusinessDto } from './operation.dto';
import { OPERATION_SHEETS } from './operation-export';
import { OperatingRelationService } from './operating-relation.service';
import { ServiceTermService } from './service-term.service';
import { SpecialBusinessService } from './special-business.service';

const REQUIRED = { zh_CN: '必填', en_US: 'required' } as const;
const INVALID = { zh_CN: '取值不正确', en_US: 'invalid value' } as const;

/** What an import of one resource validates against and creates through. */
interface Target {
  dto: new () => object;
  create: (user: AuthUser, dto: never) => Promise<unknown>;
}

/**
 * Excel import of the three operation pages. Unlike the records' all-or-nothing import, each row
 * stands alone: it is read, validated (cells, plate in the caller's scope) and created through the
 * same service call as the page's form (so 8002, 1002, 1040 and 1042 are checked exactly as there);
 * the good rows are saved and the others come back as `{row, reasons}` in the requester's language.
 * Limits are service-kit's: 1000 rows (30021), the zip (30023), two imports at a time (207).
 */
@Injectable()
export class OperationImportService {
  private readonly targets: Record<OperationResource, Target>;

  constructor(
    private readonly registry: VehicleRegistry,
    relations: OperatingRelationService,
    terms: ServiceTermService,
    cases: SpecialBusinessService,
  ) {
    this.targets = {
      operatingRelation: { dto: OperatingRelationDto, create: (user, dto) => relations.create(user, dto) },
      serviceTerm: { dto: ServiceTermDto, create: (user, dto) => terms.create(user, dto) },
      specialBusiness: { dto: SpecialBusinessDto, create: (user, dto) => cases.create(user, dto) },
    };
  }

  /** The empty sheet with the input columns, headers in `locale`. */
  template(resource: OperationResource, locale: Locale): Promise<Buffer> {
    const sheet = OPERATION_SHEETS[resource];
    return writeLocalizedSheet(sheet.name, sheet.columns.filter((column) => column.input !== false), locale, []);
  }

  async import(user: AuthUser, resource: OperationResource, file: Buffer, locale: Locale): Promise<OperationImportResult> {
    return withImportSlot(async () => {
      const columns = OPERATION_SHEETS[resource].columns.filter((column) => column.input !== false);
      const target = this.targets[resource];
      const plates = this.platesInScope(user);
      const failed: RowProblem[] = [];
      let imported = 0;
      for (const { row, values } of await readSheet(file, importColumns(columns))) {
        const reasons = await this.importRow(user, target, columns, plates, values, locale);
        if (reasons.length) failed.push({ row, reasons });
        else imported++;
      }
      return { imported, failed };
    });
  }

  /** One row: its reasons, or none once it is saved. */
  private async importRow(user: AuthUser, target: Target, columns: LocalizedColumn[], plates: Map<string, string>, values: Record<string, unknown>, locale: Locale): Promise<string[]> {
    const cells: Record<string, unknown> = {};
    for (const column of columns) {
      const value = importCell(column, values[column.key]);
      if (value !== undefined) cells[column.key] = value;
    }
    const plate = cells.plateCode === undefined ? undefined : String(cells.plateCode);
    delete cells.plateCode;
    if (plate === undefined) return [`${columns[0]!.header[locale]}: ${REQUIRED[locale]}`];
    const vehicleId = plates.get(plate);
    // Another company's plate answers like an unknown one: the caller learns nothing of it.
    if (!vehicleId) return [`${ErrorCode.VEHICLE_NOT_FOUND}: ${messageFor(ErrorCode.VEHICLE_NOT_FOUND, locale)} (${plate})`];
    const dto = plainToInstance(target.dto, { ...cells, vehicleId }, { enableImplicitConversion: false });
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) {
      return errors.map((error) => {
        const column = columns.find((candidate) => candidate.key === error.property);
        return `${ErrorCode.BAD_PARAMETER}: ${column?.header[locale] ?? error.property}: ${cells[error.property] === undefined ? REQUIRED[locale] : INVALID[locale]}`;
      });
    }
    try {
      await target.create(user, dto as never);
      return [];
    } catch (error) {
      if (!isAppError(error)) throw error;
      return [`${error.errorCode}: ${messageFor(error.errorCode, locale)}`];
    }
  }

  /** Plate -> vehicle id of the vehicles the caller sees. */
  private platesInScope(user: AuthUser): Map<string, string> {
    const plates = new Map<string, string>();
    for (const vehicle of this.registry.all()) if (this.registry.visibleTo(user, vehicle.vehicleId)) plates.set(vehicle.plateCode, vehicle.vehicleId);
    return plates;
  }
}
