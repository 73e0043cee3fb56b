import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/** A rescue case opened or moved (topic alarm.rescue.v1, key vehicle); the live hub pushes it as `rescueCase`. */
export interface RescueCaseEvent {
  caseId: number;
  alarmId: string;
  terminalPhone: string;
  vehicleId?: string;
  plateCode: string;
  type: string;
  /** RescueStatus. */
  status: number;
  startedAt: number;
  latitude: number;
  longitude: number;
  /** When it opened or last moved. */
  at: number;
}

export const rescueCaseEventCodec = jsonCodec<RescueCaseEvent>((value) =>
  checkFields(value, {
    caseId: 'number',
    alarmId: 'string',
    terminalPhone: 'string',
    vehicleId: 'string?',
    plateCode: 'string',
    type: 'string',
    status: 'number',
    startedAt: 'number',
    latitude: 'number',
    longitude: 'number',
    at: 'number',
  }),
);
