import { waybillImportBody } from './waybill-import-sheet';

describe('waybillImportBody', () => {
  it('reads the dangerous-goods class as a number, the export\'s words included, and leaves other text for the DTO to refuse', () => {
    const classOf = (cell: unknown) => waybillImportBody({ dangerousClass: cell }).body.dangerousClass;
    expect([classOf(3), classOf('7'), classOf('第3类'), classOf('普通货物'), classOf('普通')]).toEqual([3, 7, 3, 0, 0]);
    expect(classOf('十')).toBe('十');
    expect(classOf('10')).toBe(10);
  });

  it('reads a date cell (Date or serial) as the China time the sheet shows', () => {
    expect(waybillImportBody({ plannedDepartAt: new Date(Date.UTC(2026, 10, 27, 8, 5, 9)) }).body.plannedDepartAt).toBe('2026-11-27 08:05:09');
    // 46_000 days after 1899-12-30 is 2025-12-09; .75 is 18:00.
    expect(waybillImportBody({ plannedArriveAt: 46_000.75 }).body.plannedArriveAt).toBe('2025-12-09 18:00:00');
    expect(waybillImportBody({ plannedArriveAt: '2026-11-27 08:00:00' }).body.plannedArriveAt).toBe('2026-11-27 08:00:00');
  });

  it('builds the places and keeps the plate apart, leaving out empty cells', () => {
    const { plateCode, body } = waybillImportBody({ plateCode: ' 京A1 ', originName: '甲', originLongitude: '116.3', originLatitude: 39.9, originRadiusM: 200, driverName: 5 });
    expect(plateCode).toBe('京A1');
    expect(body.origin).toEqual({ name: '甲', longitude: 116.3, latitude: 39.9, radiusM: 200 });
    expect(body.driverName).toBe('5');
    expect('driverId' in body).toBe(false);
  });
});
