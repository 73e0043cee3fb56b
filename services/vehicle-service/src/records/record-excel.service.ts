import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { readSheet, withImportSlot, writeSheet, type RowProblem } from '@openfleet/service-kit';
import { TransactionRunner } from '@openfleet/storage';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { RecordListQueryDto } from './record.dto';
import type { RecordFields, RecordKindSpec } from './record-kinds';
import { RecordsService } from './records.service';

/** Rows of an export: the list's filters, at most this many (the sheet the console downloads). */
const MAX_EXPORT_ROWS = 100_000;
const YES = new Set(['1', '是', 'true', 'yes', 'y']);
const NO = new Set(['0', '否', 'false', 'no', 'n']);

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel keeps dates without a zone and exceljs reads them as UTC: the UTC fields are what the sheet shows. */
const sheetDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const sheetTime = (date: Date) => `${sheetDay(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
/**
 * The streaming reader skips styles, so a date cell arrives as its serial number (days since
 * 1899-12-30); rounded to the second, as Excel shows it.
 */
const serialDate = (serial: number) => new Date(Math.round((serial - 25_569) * 86_400) * 1000);

/**
 * Excel import and export of each record kind, as admin's master data does: a row names its
 * vehicle by plate (within the caller's scope); every row is checked (fields, the kind's rules,
 * duplicates in the file and in the database) before anything is written, and any problem answers
 * 5005 with `[{row, reasons}]` and writes nothing. At most 1000 rows per sheet (spec §10).
 */
@Injectable()
export class RecordExcelService {
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly records: RecordsService,
  ) {
    this.transactions = new TransactionRunner(dataSource);
  }

  template(spec: RecordKindSpec): Promise<Buffer> {
    return writeSheet(spec.kind, spec.columns, []);
  }

  async export(user: AuthUser, spec: RecordKindSpec, query: RecordListQueryDto): Promise<Buffer> {
    const page = await this.records.page(user, spec, Object.assign(query, { current: 1, size: MAX_EXPORT_ROWS }));
    const rows = page.records.map((record) => ({ ...record, ...Object.fromEntries(spec.booleans.map((key) => [key, record[key] ? '是' : '否'])) }));
    return writeSheet(spec.kind, spec.columns, rows);
  }

  async import(user: AuthUser, spec: RecordKindSpec, file: Buffer): Promise<{ imported: number }> {
    return withImportSlot(async () => {
      const accepted = await this.validate(user, spec, file);
      await this.transactions.run(async (manager) => {
        for (const fields of accepted) await this.records.create(user, spec, fields, manager);
      });
      return { imported: accepted.length };
    });
  }

  private async validate(user: AuthUser, spec: RecordKindSpec, file: Buffer): Promise<RecordFields[]> {
    const plates = this.records.platesInScope(user);
    const rows = await readSheet(file, spec.columns);
    const problems: RowProblem[] = [];
    const accepted: RecordFields[] = [];
    const seen = new Set<string>();
    for (const { row, values } of rows) {
      const { dto, reasons } = await rowFields(spec.row, this.cells(spec, values));
      const fields = { ...(dto as Record<string, unknown>) } as RecordFields & { plateCode?: string };
      if (!reasons.length) {
        const vehicle = plates.get(String(fields.plateCode));
        if (!vehicle) reasons.push(`${ErrorCode.VEHICLE_NOT_FOUND}: no vehicle ${fields.plateCode} in your scope`);
        else {
          delete fields.plateCode;
          fields.vehicleId = vehicle.vehicleId;
          const key = [vehicle.vehicleId, ...spec.naturalKey.map((name) => String(fields[name] ?? ''))].join('\u0000');
          try {
            spec.check?.(fields);
            if (seen.has(key)) throw new AppError(ErrorCode.RECORD_DUPLICATE, { detail: 'the same record twice in the file' });
            await this.records.assertUnique(this.dataSource.manager, spec, fields, undefined);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            reasons.push(`${error.errorCode}: ${error.message}`);
          }
          seen.add(key);
        }
      }
      if (reasons.length) problems.push({ row, reasons });
      else accepted.push(fields);
    }
    if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: problems });
    return accepted;
  }

  /** Cells as the DTO reads them: numbers, yes/no, and Excel date cells as the dates they show. */
  private cells(spec: RecordKindSpec, values: Record<string, unknown>): Record<string, unknown> {
    const cells = { ...values };
    for (const [key, value] of Object.entries(cells)) {
      const isDate = spec.times.includes(key) || spec.dates.includes(key);
      const date = value instanceof Date ? value : isDate && typeof value === 'number' ? serialDate(value) : undefined;
      if (date) cells[key] = Number.isNaN(date.getTime()) ? String(value) : spec.times.includes(key) ? sheetTime(date) : sheetDay(date);
      else if (spec.numeric.includes(key) && value !== '' && !Number.isNaN(Number(value))) cells[key] = Number(value);
      else if (spec.booleans.includes(key)) {
        const text = String(value).trim().toLowerCase();
        cells[key] = YES.has(text) ? true : NO.has(text) ? false : value;
      } else if (typeof value === 'number' && !spec.numeric.includes(key)) cells[key] = String(value);
    }
    return cells;
  }
}

/** One row against the kind's row DTO (unknown columns refused), its cells already typed. */
async function rowFields(dtoClass: new () => object, cells: Record<string, unknown>): Promise<{ dto: object; reasons: string[] }> {
  const dto = plainToInstance(dtoClass, cells, { enableImplicitConversion: false });
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto, reasons: errors.flatMap((error) => Object.values(error.constraints ?? {})) };
}
