import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Root } from 'protobufjs/light';
import {
  ALL_TOPICS,
  PoisonMessageError,
  Topics,
  deadLetterTopic,
  failEnvelope,
  okEnvelope,
  positionCodec,
  positionJsonCodec,
  type Position,
} from './index';

function samplePosition(overrides: Partial<Position> = {}): Position {
  return {
    terminalPhone: '013800138000',
    vehicleId: 'v-1',
    gpsTimeS: 1_763_800_000,
    receivedAtMs: 1_763_800_000_123,
    latitudeE6: 39_908_692,
    longitudeE6: 116_397_477,
    altitudeM: 52,
    speedDkmh: 623,
    directionDeg: 271,
    alarmFlags: 0x0000_0002,
    statusFlags: 0x0000_0003,
    mileageHm: 1_234_567,
    hasMileage: true,
    fuelDl: 0,
    hasFuel: false,
    recordedSpeedDkmh: 610,
    hasRecordedSpeed: true,
    blindArea: false,
    serial: 65535,
    sequence: 0,
    extrasJson: '{"0x30":{"signal":25}}',
    ...overrides,
  };
}

describe('position codec (protobuf)', () => {
  it('round-trips every field exactly', () => {
    const position = samplePosition({ latitudeE6: -33_868_820, longitudeE6: -151_209_290, blindArea: true, sequence: 7 });
    expect(positionCodec.decode(positionCodec.encode(position))).toEqual(position);
  });

  it('carries engine rpm only when set (0 included), and stays compatible with records and readers from before it', () => {
    const withRpm = samplePosition({ engineRpm: 2150 });
    expect(positionCodec.decode(positionCodec.encode(withRpm))).toEqual(withRpm);
    expect(positionCodec.decode(positionCodec.encode(samplePosition({ engineRpm: 0 }))).engineRpm).toBe(0);
    expect('engineRpm' in positionCodec.decode(positionCodec.encode(samplePosition()))).toBe(false);
    // The schema as it was before field 22: its records decode without rpm, and it skips the new field.
    const schema = JSON.parse(readFileSync(join(__dirname, 'generated/bus-schemas.json'), 'utf8'));
    const message = schema.nested.openfleet.nested.tracking.nested.v1.nested.Position;
    delete message.fields.engineRpm;
    delete message.oneofs;
    const oldType = Root.fromJSON(schema).lookupType('openfleet.tracking.v1.Position');
    const oldBytes = Buffer.from(oldType.encode(samplePosition()).finish());
    expect(positionCodec.decode(oldBytes)).toEqual(samplePosition());
    expect(oldBytes.equals(positionCodec.encode(samplePosition()))).toBe(true);
    expect(oldType.toObject(oldType.decode(positionCodec.encode(withRpm)))).toMatchObject({ terminalPhone: withRpm.terminalPhone, speedDkmh: withRpm.speedDkmh, extrasJson: withRpm.extrasJson });
  });

  it('is smaller than the JSON encoding of the same record', () => {
    const position = samplePosition();
    expect(positionCodec.encode(position).length).toBeLessThan(positionJsonCodec.encode(position).length / 2);
  });

  it('rejects bytes that are not a position as a poison message', () => {
    expect(() => positionCodec.decode(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]))).toThrow(PoisonMessageError);
    expect(() => positionCodec.decode(positionCodec.encode(samplePosition({ latitudeE6: 95_000_000 })))).toThrow(
      /latitudeE6 out of range/,
    );
    expect(() => positionCodec.decode(positionCodec.encode(samplePosition({ terminalPhone: '' })))).toThrow(
      /terminalPhone is required/,
    );
  });

  it('is generated from proto/ (run `npm run proto:gen` when this fails)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'proto-')), 'bus-schemas.json');
    const root = join(__dirname, '../../..');
    execFileSync(join(root, 'node_modules/.bin/pbjs'), ['-t', 'json', 'proto/tracking/position.v1.proto', '-o', out], { cwd: root });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(__dirname, 'generated/bus-schemas.json'), 'utf8')),
    );
  });
});

describe('JSON event codecs validate what they decode', () => {
  it('accepts a valid session event and rejects a wrong state', () => {
    const codec = Topics.terminalSession.codec;
    const event = { terminalPhone: '1', state: 'online' as const, gatewayId: 'g1', at: 1 };
    expect(codec.decode(codec.encode(event))).toEqual(event);
    expect(() => codec.decode(Buffer.from(JSON.stringify({ ...event, state: 'maybe' })))).toThrow(/state must be one of/);
  });

  it('rejects non-JSON and missing fields', () => {
    const codec = Topics.commandResult.codec;
    expect(() => codec.decode(Buffer.from('{not json'))).toThrow(PoisonMessageError);
    expect(() => codec.decode(Buffer.from(JSON.stringify({ commandId: 'c', status: 1, at: 1 })))).toThrow(
      /terminalPhone is required/,
    );
    expect(() =>
      codec.decode(Buffer.from(JSON.stringify({ commandId: 'c', terminalPhone: 't', status: 42, at: 1 }))),
    ).toThrow(/status must be one of/);
  });
});

describe('topic catalogue', () => {
  it('uses unique versioned names and positive partition counts', () => {
    const names = ALL_TOPICS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const topic of ALL_TOPICS) {
      expect(topic.name).toMatch(/^[a-z0-9-]+\.[a-z0-9-]+\.v\d+$/);
      expect(topic.partitions).toBeGreaterThan(0);
    }
    expect(deadLetterTopic(Topics.position).name).toBe('tracking.position.v1.dlq');
  });
});

describe('API envelope', () => {
  it('has the spec shape', () => {
    expect(okEnvelope({ a: 1 })).toEqual({ flag: true, errorCode: 200, msg: 'success', data: { a: 1 } });
    expect(failEnvelope(403, '没有权限')).toEqual({ flag: false, errorCode: 403, msg: '没有权限', data: null });
  });
});
