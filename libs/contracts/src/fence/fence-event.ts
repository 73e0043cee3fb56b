import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

export type FenceEventKind = 'enter' | 'exit' | 'overspeed' | 'deviation' | 'backOnRoute' | 'segmentTooLong' | 'segmentTooShort' | 'stayTooLong' | 'muckViolation' | 'overRpm';

/**
 * A fence rule the platform evaluated (topic fence.event.v1, key canonical terminal phone): the
 * alarm service turns these into alarms. `eventId` is stable for one position and fence, so a
 * redelivered position produces the same id (consumers deduplicate on it).
 */
export interface FenceEvent {
  eventId: string;
  kind: FenceEventKind;
  fenceId: string;
  fenceName: string;
  vehicleId: string;
  terminalPhone: string;
  /** GNSS time of the position that raised it, epoch ms. */
  at: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** From a blind-area backfill (0x0704 type 1): history, not a live alarm. */
  blindArea: boolean;
  detail?: Record<string, unknown>;
}

export const fenceEventCodec = jsonCodec<FenceEvent>((value) =>
  checkFields(value, {
    eventId: 'string',
    kind: 'string',
    fenceId: 'string',
    fenceName: 'string',
    vehicleId: 'string',
    terminalPhone: 'string',
    at: 'number',
    latitude: 'number',
    longitude: 'number',
    speedKmh: 'number',
    blindArea: 'boolean',
    detail: 'object?',
  }),
);
