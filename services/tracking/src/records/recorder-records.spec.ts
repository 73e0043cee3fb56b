// recorder_record rows from 0x0700 answers as the gateway publishes them (decoded by libs/jt808).
import type { TerminalUplink } from '@openfleet/contracts';
import { decodeBody, encodeRecorderFrame, messageToJson, RECORDER_UPLOAD_HEAD, type Jt808Message } from '@openfleet/jt808';
import { recorderRecordsOf, recorderSummary, recorderWordName } from './recorder-records';

const bytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');

function uplink(word: number, data: Buffer, receivedAt = Date.parse('2026-11-20T10:00:05+08:00')): TerminalUplink {
  const body = Buffer.concat([bytes('0003'), Buffer.from([word]), encodeRecorderFrame(RECORDER_UPLOAD_HEAD, word, data)]);
  const json = messageToJson({ msgId: 0x0700, version: '2013', phone: '13900000901', serial: 9, body: decodeBody(0x0700, body, '2013') } as unknown as Jt808Message);
  return { terminalPhone: '13900000901', msgId: '0x0700', version: '2013', serial: 9, receivedAt, gatewayId: 'g1', body: json.body as Record<string, unknown> };
}

describe('recorder records of a 0x0700 answer', () => {
  it('keeps each 08H record at its start time, in order, with its fields as JSON', () => {
    const pairs = Buffer.alloc(120, 0x20);
    const rows = recorderRecordsOf(uplink(0x08, Buffer.concat([bytes('261120083000'), pairs, bytes('261120083100'), pairs])), '901');
    expect(rows.map((row) => [row.command, row.at, row.seq, row.vehicleId])).toEqual([
      [8, Date.parse('2026-11-20T08:30:00+08:00'), 0, '901'],
      [8, Date.parse('2026-11-20T08:31:00+08:00'), 0, '901'],
    ]);
    expect(JSON.parse(rows[0].data).samples[0]).toEqual({ speed: 0x20, status: 0x20 });
  });

  it('numbers records sharing a time, keeps header words at the receive time, and skips 12H/13H and bad blocks', () => {
    const changes = recorderRecordsOf(uplink(0x14, bytes('261120090000 c3 261120090000 c4')), '901');
    expect(changes.map((row) => row.seq)).toEqual([0, 1]);
    const [version] = recorderRecordsOf(uplink(0x00, bytes('12 00')), '901');
    expect(version).toMatchObject({ command: 0, at: Date.parse('2026-11-20T10:00:05+08:00'), data: JSON.stringify({ standardYear: 2012, modification: 0 }) });
    expect(recorderRecordsOf(uplink(0x13, bytes('261120230000 02')), '901')).toEqual([]);
    // 7 bytes is no whole 126-byte speed record: parseError, nothing stored.
    expect(recorderRecordsOf(uplink(0x08, bytes('261120230000 02')), '901')).toEqual([]);
  });

  it('names words and sums up records for the export', () => {
    expect(recorderWordName(0x10)).toBe('10H 事故疑点记录');
    expect(recorderSummary(0x08, { samples: [{ speed: 40, status: 0 }, { speed: 41, status: 0 }] })).toBe('速度(km/h): 40 41');
    expect(recorderSummary(0x03, { totalMileageKm: 12.5 })).toBe('totalMileageKm: 12.5');
  });
});
