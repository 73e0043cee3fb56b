import type { Position } from '@openfleet/contracts';
import type { BusinessBody, Jt809Edition } from '@openfleet/jt809';
import { gnssOf } from '../forwarding/gnss-of';
import type { MonitoringRequest, StoredReply } from './monitoring-request.entity';

/** 0x1502 photo answer flags. */
const PHOTO = { TAKEN: 0x01, OFFLINE: 0x03, OTHER: 0x05, WRONG_PLATE: 0x09 } as const;

/** The 0x1500 body answering `request` with `reply`, in the platform's edition. */
export function monitoringAnswer(request: Omit<MonitoringRequest, 'requestId' | 'reply'>, reply: StoredReply, edition: Jt809Edition, platformCode: string): BusinessBody {
  const { outcome } = reply;
  const source = edition === '2019' ? { sourceDataType: request.sourceDataType, sourceMsgSn: request.sourceMsgSn } : {};
  let data: Record<string, unknown>;
  switch (request.replyType) {
    case 0x1502: {
      const flag = outcome === 'done' ? PHOTO.TAKEN : outcome === 'refused' ? PHOTO.WRONG_PLATE : outcome === 'offline' ? PHOTO.OFFLINE : PHOTO.OTHER;
      const photo = reply.photo ? Buffer.from(reply.photo, 'hex') : Buffer.alloc(0);
      data = { ...source, photoRspFlag: flag, position: gnssOf(positionOf(reply.location), edition, platformCode), lensId: request.lensId, sizeType: request.sizeType, type: reply.format === 0 || reply.format === undefined ? 1 : 0, photo };
      break;
    }
    case 0x1503:
      data = edition === '2019' ? { ...source, result: outcome === 'done' ? 0 : 1 } : { msgId: request.msgSequence, result: outcome === 'done' ? 0 : 1 };
      break;
    case 0x1504:
      data = { ...source, commandType: request.command, travelData: reply.record ? Buffer.from(reply.record, 'hex') : Buffer.alloc(0) };
      break;
    case 0x1505:
      data = { ...source, result: outcome === 'done' ? 0 : outcome === 'refused' ? 1 : 2 };
      break;
    default:
      data = { ...source, result: outcome === 'done' ? 0 : 1 };
  }
  return { vehicleNo: request.vehicleNo, vehicleColor: request.vehicleColor, dataType: request.replyType, data };
}

/** The 0x0801 location block (or nothing) as a tracking position, for the 0x1502 GNSS data. */
function positionOf(location: Record<string, unknown> | undefined): Position {
  const num = (key: string) => Number(location?.[key] ?? 0) || 0;
  const time = typeof location?.time === 'string' ? Date.parse(location.time) : Date.now();
  return {
    terminalPhone: '', vehicleId: '', gpsTimeS: Math.floor((Number.isFinite(time) ? time : Date.now()) / 1000), receivedAtMs: Date.now(), latitudeE6: Math.round(num('latitude') * 1e6), longitudeE6: Math.round(num('longitude') * 1e6),
    altitudeM: num('altitude'), speedDkmh: Math.round(num('speed') * 10), directionDeg: num('direction'), alarmFlags: num('alarm'), statusFlags: num('status'), mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false,
    recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 0, sequence: 0, extrasJson: '',
  };
}
