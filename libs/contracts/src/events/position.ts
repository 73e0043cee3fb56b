import { Root, type Type } from 'protobufjs/light';
import { PoisonMessageError, type PayloadCodec } from '../codec';
import busSchemas from '../generated/bus-schemas.json';

/**
 * One located report of a terminal (topic tracking.position.v1): a 0x0200, or one item of a 0x0704 batch.
 * Units follow the wire (1e-6 degrees, 1/10 km/h ...) so no precision is lost between services.
 */
export interface Position {
  terminalPhone: string;
  vehicleId: string;
  gpsTimeS: number;
  receivedAtMs: number;
  latitudeE6: number;
  longitudeE6: number;
  altitudeM: number;
  speedDkmh: number;
  directionDeg: number;
  alarmFlags: number;
  statusFlags: number;
  mileageHm: number;
  hasMileage: boolean;
  fuelDl: number;
  hasFuel: boolean;
  recordedSpeedDkmh: number;
  hasRecordedSpeed: boolean;
  blindArea: boolean;
  serial: number;
  sequence: number;
  /** Remaining additional items as compact JSON ("" when none). */
  extrasJson: string;
  /**
   * Engine speed (rpm) where the source reports it: HJ 1239 engine rpm and GB/T 32960 crankshaft rpm
   * (energy's `EV:`/`HJ:` links). Absent for JT/T 808 (0x0200 has no standard item), for an invalid
   * reading, and in records written before the field existed.
   */
  engineRpm?: number;
}

const positionType: Type = Root.fromJSON(busSchemas).lookupType('openfleet.tracking.v1.Position');

function problemOf(position: Position): string | null {
  if (!position.terminalPhone) return 'terminalPhone is required';
  if (Math.abs(position.latitudeE6) > 90_000_000) return 'latitudeE6 out of range';
  if (Math.abs(position.longitudeE6) > 180_000_000) return 'longitudeE6 out of range';
  if (position.directionDeg > 359) return 'directionDeg out of range';
  if (position.gpsTimeS <= 0) return 'gpsTimeS is required';
  return null;
}

/** Compact protobuf encoding (proto/tracking/position.v1.proto); see scripts/bench/encoding.js for its cost against JSON. */
export const positionCodec: PayloadCodec<Position> = {
  contentType: 'application/x-protobuf; type=openfleet.tracking.v1.Position',
  encode: (position) => {
    const bytes = positionType.encode(position).finish();
    // protobufjs already hands out a Buffer under Node; wrap without copying otherwise.
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  },
  decode: (bytes) => {
    let message: Record<string, unknown>;
    try {
      message = positionType.decode(bytes) as unknown as Record<string, unknown>;
    } catch (error) {
      throw new PoisonMessageError(`position is not a valid protobuf record: ${(error as Error).message}`);
    }
    const position: Position = {
      terminalPhone: message.terminalPhone as string,
      vehicleId: message.vehicleId as string,
      gpsTimeS: message.gpsTimeS as number,
      receivedAtMs: message.receivedAtMs as number,
      latitudeE6: message.latitudeE6 as number,
      longitudeE6: message.longitudeE6 as number,
      altitudeM: message.altitudeM as number,
      speedDkmh: message.speedDkmh as number,
      directionDeg: message.directionDeg as number,
      alarmFlags: message.alarmFlags as number,
      statusFlags: message.statusFlags as number,
      mileageHm: message.mileageHm as number,
      hasMileage: message.hasMileage as boolean,
      fuelDl: message.fuelDl as number,
      hasFuel: message.hasFuel as boolean,
      recordedSpeedDkmh: message.recordedSpeedDkmh as number,
      hasRecordedSpeed: message.hasRecordedSpeed as boolean,
      blindArea: message.blindArea as boolean,
      serial: message.serial as number,
      sequence: message.sequence as number,
      extrasJson: message.extrasJson as string,
    };
    // proto3 `optional`: present only when the sender set it (0 rpm included); old records have none.
    if (typeof message.engineRpm === 'number') position.engineRpm = message.engineRpm;
    const problem = problemOf(position);
    if (problem) throw new PoisonMessageError(`invalid position: ${problem}`);
    return position;
  },
};

/** JSON encoding of the same record, kept as the reference the benchmark compares against. */
export const positionJsonCodec: PayloadCodec<Position> = {
  contentType: 'application/json',
  encode: (position) => Buffer.from(JSON.stringify(position)),
  decode: (bytes) => {
    const position = JSON.parse(bytes.toString('utf8')) as Position;
    const problem = problemOf(position);
    if (problem) throw new PoisonMessageError(`invalid position: ${problem}`);
    return position;
  },
};
