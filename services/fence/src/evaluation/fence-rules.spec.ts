import { FenceAttribute, type FenceGeometry } from '@openfleet/contracts';
import { fromMapCoordinates, MapType } from '@openfleet/geo';
import { evaluate, isActive, type FenceState, type RuleFence, type RulePosition } from './fence-rules';
import { boundsOf } from './fence-shape';

const T0 = Date.UTC(2026, 10, 24, 2, 0, 0); // 10:00 China time
const square: FenceGeometry = { type: 'polygon', points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40.0], [116.3, 40.0]] };
const fence = (extra: Partial<RuleFence> = {}): RuleFence => ({ id: 'f1', name: 'depot', geometry: square, attributes: FenceAttribute.ENTRY_ALARM_PLATFORM, ...extra });
const at = (seconds: number, lng: number, lat: number, speedKmh = 30): RulePosition => ({ at: T0 + seconds * 1000, lng, lat, speedKmh });

/** Runs positions through one fence; answers every event kind in order. */
function run(f: RuleFence, positions: RulePosition[]): { kinds: string[]; state: FenceState | undefined } {
  let state: FenceState | undefined;
  const kinds: string[] = [];
  for (const p of positions) {
    const result = evaluate(f, state, p);
    state = result.state;
    kinds.push(...result.events.map((e) => e.kind));
  }
  return { kinds, state };
}

describe('fence rules', () => {
  it('enters and exits a polygon; a position exactly on the edge is inside', () => {
    expect(run(fence(), [at(0, 116.2, 39.95), at(10, 116.35, 39.95), at(20, 116.45, 39.95)]).kinds).toEqual(['enter', 'exit']);
    expect(run(fence(), [at(0, 116.2, 39.95), at(10, 116.3, 39.95)]).kinds).toEqual(['enter']);
    expect(run(fence(), [at(0, 116.35, 39.95), at(10, 116.4, 39.95), at(20, 116.4000001 + 1e-5, 39.95)]).kinds).toEqual(['enter', 'exit']);
  });

  it('ignores a position not newer than the last one: a redelivery or old backfill cannot replay an entry', () => {
    const { state } = run(fence(), [at(0, 116.35, 39.95), at(10, 116.45, 39.95)]);
    expect(evaluate(fence(), state, at(5, 116.35, 39.95)).events).toEqual([]);
    expect(evaluate(fence(), state, at(10, 116.35, 39.95)).events).toEqual([]);
    expect(evaluate(fence(), state, at(11, 116.35, 39.95)).events.map((e) => e.kind)).toEqual(['enter']);
  });

  it('overspeed inside the area after the duration exactly, once per stretch', () => {
    const f = fence({ attributes: FenceAttribute.SPEED_LIMIT, maxSpeedKmh: 60, overspeedDurationS: 10 });
    const inside = (s: number, speed: number) => at(s, 116.35, 39.95, speed);
    expect(run(f, [inside(0, 70), inside(9, 70)]).kinds).toEqual(['enter']);
    expect(run(f, [inside(0, 70), inside(10, 70), inside(20, 80)]).kinds).toEqual(['enter', 'overspeed']);
    // At the limit is not over it; a dip resets the stretch.
    expect(run(f, [inside(0, 60), inside(30, 60)]).kinds).toEqual(['enter']);
    expect(run(f, [inside(0, 70), inside(10, 70), inside(11, 50), inside(12, 70), inside(22, 70)]).kinds).toEqual(['enter', 'overspeed', 'overspeed']);
  });

  describe('over-rpm (engine speed limit)', () => {
    const f = fence({ rpmLimit: 2500, overRpmDurationS: 10 });
    const inside = (s: number, engineRpm?: number): RulePosition => ({ ...at(s, 116.35, 39.95), ...(engineRpm === undefined ? {} : { engineRpm }) });
    const overRpms = (positions: RulePosition[], rule = f) => {
      let state: FenceState | undefined;
      const raised: Record<string, unknown>[] = [];
      for (const p of positions) {
        const result = evaluate(rule, state, p);
        state = result.state;
        raised.push(...result.events.filter((e) => e.kind === 'overRpm').map((e) => e.detail!));
      }
      return raised;
    };

    it('is raised inside after the duration exactly, once per stretch, with the limit and the rpm', () => {
      expect(overRpms([inside(0, 2600), inside(9, 2600)])).toEqual([]);
      expect(overRpms([inside(0, 2600), inside(10, 2700), inside(20, 2800), inside(30, 3000)])).toEqual([{ limitRpm: 2500, rpm: 2700, overS: 10 }]);
      expect(run(f, [inside(0, 2600), inside(10, 2700)]).kinds).toEqual(['enter', 'overRpm']);
    });

    it('at the limit is not over it; dropping to it ends the stretch, and a new stretch raises again', () => {
      expect(overRpms([inside(0, 2500), inside(30, 2500)])).toEqual([]);
      expect(overRpms([inside(0, 2501), inside(10, 2501)])).toHaveLength(1);
      expect(overRpms([inside(0, 2600), inside(10, 2600), inside(11, 2500), inside(12, 2600), inside(21, 2600), inside(22, 2600)]).map((d) => d.overS)).toEqual([10, 10]);
    });

    it('positions without engine speed never raise it, nor end a stretch', () => {
      expect(overRpms([inside(0), inside(10), inside(100)])).toEqual([]);
      expect(overRpms([inside(0, 2600), inside(5), inside(10, 2600)])).toEqual([{ limitRpm: 2500, rpm: 2600, overS: 10 }]);
      expect(overRpms([inside(0, 2600), inside(10, 2600), inside(15), inside(20, 2600)])).toHaveLength(1);
    });

    it('needs a limit, applies inside only, and a duration of 0 raises at once', () => {
      expect(overRpms([inside(0, 9000), inside(60, 9000)], fence())).toEqual([]);
      expect(overRpms([at(0, 116.2, 39.95), { ...at(60, 116.2, 39.95), engineRpm: 9000 }, { ...at(70, 116.2, 39.95), engineRpm: 9000 }])).toEqual([]);
      expect(overRpms([inside(0, 2600)], fence({ rpmLimit: 2500, overRpmDurationS: 0 }))).toEqual([{ limitRpm: 2500, rpm: 2600, overS: 0 }]);
      // Leaving ends the stretch: back inside, over the limit again, it is a new one.
      expect(overRpms([inside(0, 2600), inside(10, 2600), { ...at(11, 116.45, 39.95), engineRpm: 2600 }, inside(12, 2600), inside(22, 2600)])).toHaveLength(2);
    });

    it('on a route corridor too, and a state stored before the rule existed works', () => {
      const route: FenceGeometry = { type: 'route', points: [[116.3, 39.9], [116.31, 39.9]], segments: [{ widthM: 100, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }] };
      expect(overRpms([{ ...at(0, 116.305, 39.9), engineRpm: 2600 }, { ...at(10, 116.305, 39.9), engineRpm: 2600 }], fence({ geometry: route, rpmLimit: 2500, overRpmDurationS: 10 }))).toHaveLength(1);
      const { overRpmSince: _since, overRpmRaised: _raised, ...legacy } = run(f, [inside(0)]).state!;
      expect(evaluate(f, legacy, inside(5, 2600)).events).toEqual([]);
      expect(evaluate(f, evaluate(f, legacy, inside(5, 2600)).state, inside(15, 2600)).events.map((e) => e.kind)).toEqual(['overRpm']);
    });
  });

  it('applies the 2019 night limit from 22:00 China time', () => {
    const f = fence({ attributes: FenceAttribute.SPEED_LIMIT, maxSpeedKmh: 80, nightMaxSpeedKmh: 40, overspeedDurationS: 1 });
    const night = T0 + 12 * 3_600_000; // 22:00 China time
    expect(run(f, [{ at: night, lng: 116.35, lat: 39.95, speedKmh: 50 }, { at: night + 1000, lng: 116.35, lat: 39.95, speedKmh: 50 }]).kinds).toEqual(['enter', 'overspeed']);
    expect(run(f, [at(0, 116.35, 39.95, 50), at(1, 116.35, 39.95, 50)]).kinds).toEqual(['enter']);
  });

  it('raises stay-too-long at the limit exactly', () => {
    const f = fence({ maxStayS: 600 });
    expect(run(f, [at(0, 116.35, 39.95), at(599, 116.35, 39.95)]).kinds).toEqual(['enter']);
    expect(run(f, [at(0, 116.35, 39.95), at(600, 116.35, 39.95), at(900, 116.35, 39.95)]).kinds).toEqual(['enter', 'stayTooLong']);
  });

  it('a daily time window across midnight: active 22:00-06:00 China time only', () => {
    const f = fence({ attributes: FenceAttribute.BY_TIME, startTime: '22:00:00', endTime: '06:00:00' });
    const china = (h: number, m = 0) => Date.UTC(2026, 10, 24, h - 8, m);
    expect(isActive(f, china(23))).toBe(true);
    expect(isActive(f, china(5, 59))).toBe(true);
    expect(isActive(f, china(6))).toBe(false);
    expect(isActive(f, china(22))).toBe(true);
    expect(isActive(f, china(12))).toBe(false);
    // Outside the window nothing is raised and nothing remembered.
    expect(run(f, [{ at: china(12), lng: 116.35, lat: 39.95, speedKmh: 0 }]).kinds).toEqual([]);
    expect(isActive(fence({ attributes: FenceAttribute.BY_TIME, startTime: '2026-11-24 08:00:00', endTime: '2026-11-24 18:00:00' }), T0)).toBe(true);
  });

  it('route: on the corridor at width/2 exactly, deviation beyond it, back on, segment drive times', () => {
    // East along 39.9 N: segment 0 from 116.30 to 116.31, segment 1 to 116.32; 100 m wide (50 m each side).
    const route: FenceGeometry = { type: 'route', points: [[116.3, 39.9], [116.31, 39.9], [116.32, 39.9]], segments: [{ widthM: 100, longThresholdS: 60, shortThresholdS: 10, maxSpeedKmh: 0 }, { widthM: 100, longThresholdS: 0, shortThresholdS: 0, maxSpeedKmh: 0 }] };
    const f = fence({ geometry: route });
    const north = (meters: number) => 39.9 + meters / 111_195;
    expect(run(f, [at(0, 116.305, north(49.9)), at(5, 116.305, north(50.5))]).kinds).toEqual(['enter', 'deviation']);
    expect(run(f, [at(0, 116.305, 39.9), at(10, 116.305, north(80)), at(20, 116.306, 39.9)]).kinds).toEqual(['enter', 'deviation', 'backOnRoute']);
    expect(run(f, [at(0, 116.301, 39.9), at(5, 116.315, 39.9)]).kinds).toEqual(['enter', 'segmentTooShort']);
    expect(run(f, [at(0, 116.301, 39.9), at(61, 116.315, 39.9)]).kinds).toEqual(['enter', 'segmentTooLong']);
    expect(run(f, [at(0, 116.301, 39.9), at(30, 116.315, 39.9)]).kinds).toEqual(['enter']);
  });

  it('circle and muck area rules', () => {
    const circle = fence({ geometry: { type: 'circle', center: [116.35, 39.95], radiusM: 500 } });
    expect(run(circle, [at(0, 116.35, 39.95 + 499 / 111_195), at(10, 116.35, 39.95 + 501 / 111_195)]).kinds).toEqual(['enter', 'exit']);
    const muck = fence({ muck: { load: false, unload: false, pass: true } });
    expect(run(muck, [at(0, 116.35, 39.95, 20), at(10, 116.35, 39.95, 0), at(130, 116.35, 39.95, 0)]).kinds).toEqual(['enter', 'muckViolation']);
    const loadingSite = fence({ muck: { load: true, unload: true, pass: true } });
    expect(run(loadingSite, [at(0, 116.35, 39.95, 20), at(10, 116.35, 39.95, 0), at(300, 116.35, 39.95, 0)]).kinds).toEqual(['enter']);
  });

  it('needs the fence in WGS-84: drawn on a GCJ-02 map it must be converted, the offset is hundreds of metres', () => {
    // A 200 m square drawn on the Gaode (GCJ-02) map around what the operator sees as the depot.
    const drawn: [number, number][] = [[116.399, 39.899], [116.401, 39.899], [116.401, 39.901], [116.399, 39.901]];
    const stored = drawn.map(([lng, lat]) => fromMapCoordinates(lng, lat, MapType.GAODE) as [number, number]);
    // The terminal reports WGS-84: the depot's centre as the map showed it, converted back.
    const [lng, lat] = fromMapCoordinates(116.4, 39.9, MapType.GAODE);
    expect(run(fence({ geometry: { type: 'polygon', points: stored } }), [at(0, lng, lat)]).kinds).toEqual(['enter']);
    expect(run(fence({ geometry: { type: 'polygon', points: drawn } }), [at(0, lng, lat)]).kinds).toEqual([]);
  });

  it('bounds hold the whole shape (routes widened by half the corridor)', () => {
    expect(boundsOf(square)).toEqual({ minX: 116.3, minY: 39.9, maxX: 116.4, maxY: 40.0 });
    const box = boundsOf({ type: 'circle', center: [116.35, 39.95], radiusM: 1000 });
    expect(box.maxY - 39.95).toBeGreaterThan(1000 / 111_320);
  });
});
