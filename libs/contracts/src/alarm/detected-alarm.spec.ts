import { PoisonMessageError } from '../codec';
import { ALARM_SOURCES, AlarmLevel } from '../events/alarm-event';
import { Topics } from '../topics';
import { detectedAlarmCodec, type DetectedAlarmEvent } from './detected-alarm';

const theft: DetectedAlarmEvent = {
  eventId: 'fuel:v1:theft:1764000000000',
  phase: 'start',
  vehicleId: 'v1',
  source: 'fuel',
  type: 'fuelTheft',
  level: AlarmLevel.INTERMEDIATE,
  startedAt: 1_764_000_000_000,
  at: 1_764_000_000_000,
  latitude: 39.9,
  longitude: 116.4,
  speedKmh: 0,
  detail: { amountL: 30 },
};

/** The codec's verdict on `theft` with some fields changed (or removed with undefined). */
const decode = (change: Record<string, unknown>) => detectedAlarmCodec.decode(Buffer.from(JSON.stringify({ ...theft, ...change })));

describe('detected alarm codec (alarm.detected.v1)', () => {
  it('carries a start and its end unchanged, detail optional', () => {
    expect(detectedAlarmCodec.decode(detectedAlarmCodec.encode(theft))).toEqual(theft);
    const end = { ...theft, phase: 'end' as const, at: theft.startedAt + 60_000, detail: undefined, source: 'energy' as const, level: AlarmLevel.EMERGENCY };
    expect(detectedAlarmCodec.decode(detectedAlarmCodec.encode(end))).toEqual({ ...end, detail: undefined });
  });

  it.each([
    [{ eventId: undefined }, /eventId is required/],
    [{ eventId: '' }, /eventId must be 1-128 characters/],
    [{ eventId: 'x'.repeat(129) }, /eventId must be 1-128 characters/],
    [{ vehicleId: '' }, /vehicleId must be 1-32 characters/],
    [{ vehicleId: 'v'.repeat(33) }, /vehicleId must be 1-32 characters/],
    [{ type: 't'.repeat(33) }, /type must be 1-32 characters/],
    [{ phase: 'going-on' }, /phase must be one of start, end/],
    [{ source: 'terminal' }, /source must be one of energy, fuel/],
    [{ level: 4 }, /level must be one of 0, 1, 2, 3/],
    [{ level: '1' }, /level must be a number/],
    [{ at: theft.startedAt - 1 }, /at must not be before startedAt/],
    [{ speedKmh: -1 }, /speedKmh must not be negative/],
    [{ latitude: null }, /latitude is required/],
    [{ detail: [1] }, /detail must be an object/],
  ])('parks %j', (change, reason) => {
    expect(() => decode(change)).toThrow(PoisonMessageError);
    expect(() => decode(change)).toThrow(reason);
  });

  it('accepts the longest key and type the alarm table holds', () => {
    expect(decode({ eventId: 'x'.repeat(128), type: 't'.repeat(32), vehicleId: 'v'.repeat(32) }).eventId).toHaveLength(128);
  });

  it('is keyed by vehicle with as many partitions as alarm.event.v1, and every detecting service is an alarm source', () => {
    expect(Topics.alarmDetected).toMatchObject({ name: 'alarm.detected.v1', key: 'vehicle', partitions: Topics.alarm.partitions });
    expect(ALARM_SOURCES).toEqual(['terminal', 'platform', 'energy', 'fuel', 'coldChain']);
  });
});
