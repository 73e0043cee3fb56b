import { mergeSpells } from './report.service';

describe('mergeSpells', () => {
  it('joins a vehicle\'s overlapping spells (808 terminal and VIN link online at once) and keeps the others apart', () => {
    const spells = [
      { vehicle_id: 'v1', started_at: 100, ended_at: 300 },
      { vehicle_id: 'v2', started_at: 150, ended_at: 250 },
      { vehicle_id: 'v1', started_at: '200', ended_at: '400' },
      { vehicle_id: 'v1', started_at: 400, ended_at: 450 },
      { vehicle_id: 'v1', started_at: 500, ended_at: null },
    ];
    expect(mergeSpells(spells, 900)).toEqual([
      { vehicleId: 'v1', from: 100, to: 450 },
      { vehicleId: 'v1', from: 500, to: 900 },
      { vehicleId: 'v2', from: 150, to: 250 },
    ]);
  });
});
