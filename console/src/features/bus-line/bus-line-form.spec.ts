import { parseStops, stopsProblem, toBusLineForm, toBusLineInput } from './bus-line-form';

describe('bus line form', () => {
  it('reads stops one per line, with Chinese commas too, and refuses a bad line', () => {
    expect(parseStops('U1,公主坟,116.33,39.908,40\nU2，军博，116.3388，39.908，40\n')).toEqual([
      { stopId: 'U1', name: '公主坟', longitude: 116.33, latitude: 39.908, radiusM: 40 },
      { stopId: 'U2', name: '军博', longitude: 116.3388, latitude: 39.908, radiusM: 40 },
    ]);
    expect(parseStops('U1,公主坟,116.33,39.908')).toBeNull();
    expect(parseStops('U1,公主坟,116.33,95,40')).toBeNull();
    expect(parseStops('U1,公主坟,116.33,39.9,5')).toBeNull();
    expect(stopsProblem('U1,a,116,39,40', true)).toBe('busLine.stopsTooFew');
    expect(stopsProblem('', false)).toBeNull();
    expect(stopsProblem('', true)).toBe('busLine.stopsTooFew');
  });

  it('round-trips a line, a vehicle checked in both directions starting up', () => {
    const form = { code: 'K1', name: '1路', scheduledHeadwayS: '600', up: 'U1,a,116,39,40\nU2,b,116.01,39,40', down: '', vehiclesUp: 'v1', vehiclesDown: 'v2,v1' };
    const input = toBusLineInput(form);
    expect(input.vehicles).toEqual([{ vehicleId: 'v1', direction: 'up' }, { vehicleId: 'v2', direction: 'down' }]);
    expect(input.scheduledHeadwayS).toBe(600);
    expect(toBusLineForm(input)).toEqual({ ...form, vehiclesDown: 'v2' });
  });
});
