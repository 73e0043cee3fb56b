import { AppError, ErrorCode } from '@openfleet/errors';
import { readSheet, rowToDto, withImportSlot, writeSheet, type RowProblem, type SheetColumn } from '@openfleet/service-kit';
import type { CalibrationPoint } from './calibration';
import { CalibrationPointDto } from './dto/fuel-tank.dto';

export const CALIBRATION_COLUMNS: SheetColumn[] = [
  { key: 'level', header: '液位', width: 10 },
  { key: 'height', header: '高度(mm)', width: 12 },
  { key: 'quantity', header: '油量(L)', width: 12 },
];

/**
 * Reads a calibration table from xlsx (level, height mm, quantity L), as the master-data imports
 * do: every row checked first, nothing kept on any problem. A row that breaks its DTO: 5005 with
 * `[{row, reasons}]`; a point above the tank's capacity or height: 3002 with those rows. The
 * caller then stores the points through `calibrate` (order and uniqueness: 400).
 */
export async function readCalibrationSheet(file: Buffer, tank: { capacity: number; height: number }): Promise<CalibrationPoint[]> {
  return withImportSlot(async () => {
    const rows = await readSheet(file, CALIBRATION_COLUMNS);
    if (!rows.length) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    const problems: RowProblem[] = [];
    const aboveTank: RowProblem[] = [];
    const points: CalibrationPoint[] = [];
    for (const { row, values } of rows) {
      const numbers = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === undefined ? value : Number(value)]));
      const { dto, reasons } = await rowToDto(CalibrationPointDto, numbers);
      if (reasons.length) problems.push({ row, reasons });
      else if (dto.quantity > tank.capacity || dto.height > tank.height) aboveTank.push({ row, reasons: [`${ErrorCode.CALIBRATION_EXCEEDS_TANK}: above the tank (${tank.capacity} L, ${tank.height} mm)`] });
      else points.push({ level: dto.level, height: dto.height, quantity: dto.quantity });
    }
    if (problems.length) throw new AppError(ErrorCode.IMPORT_FAILED, { data: [...problems, ...aboveTank].sort((a, b) => a.row - b.row) });
    if (aboveTank.length) throw new AppError(ErrorCode.CALIBRATION_EXCEEDS_TANK, { data: aboveTank });
    return points;
  });
}

export const calibrationTemplate = (): Promise<Buffer> => writeSheet('calibration', CALIBRATION_COLUMNS, []);
