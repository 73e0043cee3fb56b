import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { BusDirection } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { readSheet, withImportSlot, writeSheet, type RowProblem, type SheetColumn } from '@openfleet/service-kit';
import { TransactionRunner } from '@openfleet/storage';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { DataSource } from 'typeorm';
import { BusLineDto, type BusLineQueryDto } from './bus-line.dto';
import { BusLineService } from './bus-line.service';

/** One row per stop; a line is the rows that share its code, in the order of their seq. Vehicles are assigned on the page. */
export const BUS_LINE_COLUMNS: SheetColumn[] = [
  { key: 'code', header: '线路编号' },
  { key: 'name', header: '线路名称' },
  { key: 'scheduledHeadwayS', header: '计划发车间隔(秒)' },
  { key: 'direction', header: '方向(上行/下行)' },
  { key: 'seq', header: '站序' },
  { key: 'stopId', header: '站点编号' },
  { key: 'stopName', header: '站点名称' },
  { key: 'longitude', header: '经度' },
  { key: 'latitude', header: '纬度' },
  { key: 'radiusM', header: '半径(米)' },
];

const DIRECTION_WORDS: Record<string, BusDirection> = { 上行: 'up', up: 'up', 下行: 'down', down: 'down' };
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
const numberOr = (value: unknown) => (text(value) === '' ? NaN : Number(value));

/**
 * Excel import and export of lines and their stops, as admin's master data does: every row is
 * checked and every line validated as the API would before anything is written; any problem
 * answers 5005 with `[{row, reasons}]` and writes nothing.
 */
@Injectable()
export class BusLineExcelService {
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectDataSource('industry') dataSource: DataSource,
    private readonly lines: BusLineService,
  ) {
    this.transactions = new TransactionRunner(dataSource);
  }

  template(): Promise<Buffer> {
    return writeSheet('busLine', BUS_LINE_COLUMNS, []);
  }

  async export(user: AuthUser, query: BusLineQueryDto): Promise<Buffer> {
    const { records } = await this.lines.page(user, query, true);
    const rows = records.flatMap((line) =>
      (['up', 'down'] as const).flatMap((direction) =>
        line[direction].map((stop, seq) => ({ ...stop, code: line.code, name: line.name, scheduledHeadwayS: line.scheduledHeadwayS ?? '', direction: direction === 'up' ? '上行' : '下行', seq: seq + 1, stopName: stop.name })),
      ),
    );
    return writeSheet('busLine', BUS_LINE_COLUMNS, rows);
  }

  async import(user: AuthUser, file: Buffer): Promise<{ imported: number }> {
    return withImportSlot(async () => {
      const lines = await this.parse(file);
      await this.transactions.run(async (manager) => {
        for (const { dto, rows } of lines) {
          try {
            await this.lines.create(user, dto, manager);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            throw new AppError(ErrorCode.IMPORT_FAILED, { data: [{ row: rows[0], reasons: [`${error.errorCode}: ${error.message}`] }] satisfies RowProblem[] });
          }
        }
      });
      return { imported: lines.length };
    });
  }

  private async parse(file: Buffer): Promise<{ dto: BusLineDto; rows: number[] }[]> {
    const problems: RowProblem[] = [];
    const byCode = new Map<string, { dto: BusLineDto; rows: number[]; seqs: Record<BusDirection, number[]> }>();
    for (const { row, values } of await readSheet(file, BUS_LINE_COLUMNS)) {
      const reasons: string[] = [];
      const code = text(values.code);
      const direction = DIRECTION_WORDS[text(values.direction)];
      const seq = numberOr(values.seq);
      if (!code) reasons.push('code: required');
      if (!direction) reasons.push('direction: 上行 or 下行');
      if (!Number.isInteger(seq) || seq < 1) reasons.push('seq: a whole number from 1');
      if (reasons.length) {
        problems.push({ row, reasons });
        continue;
      }
      let line = byCode.get(code);
      if (!line) {
        const headway = text(values.scheduledHeadwayS);
        byCode.set(code, (line = { dto: Object.assign(new BusLineDto(), { code, name: text(values.name), scheduledHeadwayS: headway ? Number(headway) : null, up: [], down: [], vehicles: [] }), rows: [], seqs: { up: [], down: [] } }));
      }
      line.rows.push(row);
      line.seqs[direction].push(seq);
      line.dto[direction].push({ stopId: text(values.stopId), name: text(values.stopName), longitude: numberOr(values.longitude), latitude: numberOr(values.latitude), radiusM: numberOr(values.radiusM) });
    }
    for (const line of byCode.values()) {
      for (const direction of ['up', 'down'] as const) {
        // Rows may come in any order: the seq column orders the stops.
        const order = line.seqs[direction].map((seq, i) => [seq, i]).sort((a, b) => a[0] - b[0]);
        line.dto[direction] = order.map(([, i]) => line.dto[direction][i]);
      }
      const errors = validateSync(plainToInstance(BusLineDto, line.dto), { whitelist: true, forbidNonWhitelisted: true });
      if (errors.length) problems.push({ row: line.rows[0], reasons: errors.map((e) => `${e.property}: ${describe(e)}`) });
    }
    if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: problems });
    return [...byCode.values()];
  }
}

function describe(error: { constraints?: Record<string, string>; children?: { constraints?: Record<string, string>; children?: unknown[] }[] }): string {
  if (error.constraints) return Object.values(error.constraints).join(', ');
  return (error.children ?? []).map((child) => describe(child as typeof error)).filter(Boolean).join('; ') || 'invalid';
}
