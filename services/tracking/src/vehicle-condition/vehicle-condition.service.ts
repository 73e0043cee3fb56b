import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, type CanSignal, type ConditionCanValue, type VehicleConditionView } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { formatCst } from '../common/time-window';
import { LiveStateService } from '../live-state/live-state.service';
import { decodeSignal } from '../records/can-signal';
import { TerminalRecordsService } from '../records/terminal-records.service';
import type { ReportQuery } from '../report/dto/report-query.dto';
import { ReportService } from '../report/report.service';
import type { VehicleConditionQuery } from './dto/vehicle-condition-query.dto';

const CHUNK = 500;

interface ExtrasRow {
  terminal_phone: string;
  gps_time: number | string;
  extended_signals: number | string | null;
  io_status: number | string | null;
  analog_ad0: number | string | null;
  analog_ad1: number | string | null;
  signal_strength: number | string | null;
  satellites: number | string | null;
}

interface CanRow {
  terminal_phone: string;
  bus_id: number | string;
  at: number | string;
  data: string;
}

const numberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/**
 * The vehicle condition list: per vehicle of the caller's scope, the newest status word (the live
 * state), the newest condition extras and the newest value of every CAN signal of the signal table.
 */
@Injectable()
export class VehicleConditionService {
  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    private readonly live: LiveStateService,
    private readonly registry: VehicleRegistry,
    private readonly reports: ReportService,
    private readonly records: TerminalRecordsService,
  ) {}

  async list(user: AuthUser, query: VehicleConditionQuery): Promise<{ records: VehicleConditionView[]; total: number; current: number; size: number }> {
    // The report filters (company, fleet, vehicles, plate) with their scope checks (8002); no window here.
    let vehicles = this.reports.vehicles(user, { ...query, startTime: '', endTime: '' } as ReportQuery).map((vehicle) => {
      const terminalPhone = this.registry.byVehicleId(vehicle.vehicleId)?.terminalPhone;
      const phone = terminalPhone ? canonicalTerminalPhone(terminalPhone) : '';
      const state = phone ? this.live.get(phone) : undefined;
      return { ...vehicle, terminalPhone: phone, state, online: this.live.online(state) };
    });
    if (query.vehicleStatus !== undefined) vehicles = vehicles.filter((vehicle) => Number(vehicle.online) === query.vehicleStatus);
    const page = vehicles.slice((query.current - 1) * query.size, query.current * query.size);
    const phones = page.map((vehicle) => vehicle.terminalPhone).filter(Boolean);
    const [extras, frames, signals] = await Promise.all([
      this.select<ExtrasRow>('SELECT * FROM condition_extras', phones),
      this.select<CanRow>('SELECT terminal_phone, bus_id, at, data FROM condition_can', phones),
      this.records.signals(),
    ]);
    const extrasOf = new Map(extras.map((row) => [row.terminal_phone, row]));
    const framesOf = new Map<string, CanRow[]>();
    for (const frame of frames) framesOf.set(frame.terminal_phone, [...(framesOf.get(frame.terminal_phone) ?? []), frame]);
    return {
      records: page.map((vehicle) => {
        const latest = vehicle.state?.latest;
        const row = extrasOf.get(vehicle.terminalPhone);
        return {
          vehicleId: vehicle.vehicleId,
          terminalPhone: vehicle.terminalPhone,
          plateCode: vehicle.plateCode,
          companyId: vehicle.companyId,
          vehicleStatus: vehicle.online ? 1 : 0,
          gpsTime: latest ? formatCst(latest.gpsTime) : null,
          statusFlags: latest ? latest.statusFlags >>> 0 : null,
          alarmFlags: latest ? latest.alarmFlags >>> 0 : 0,
          speedKmh: latest?.speedDkmh != null ? latest.speedDkmh / 10 : null,
          extrasTime: row ? formatCst(Number(row.gps_time)) : null,
          extendedSignals: numberOrNull(row?.extended_signals),
          ioStatus: numberOrNull(row?.io_status),
          analog: row && row.analog_ad0 !== null && row.analog_ad1 !== null ? { ad0: Number(row.analog_ad0), ad1: Number(row.analog_ad1) } : null,
          signalStrength: numberOrNull(row?.signal_strength),
          satellites: numberOrNull(row?.satellites),
          can: canValues(framesOf.get(vehicle.terminalPhone) ?? [], signals),
        };
      }),
      total: vehicles.length,
      current: query.current,
      size: query.size,
    };
  }

  private async select<T>(sql: string, phones: string[]): Promise<T[]> {
    const rows: T[] = [];
    for (let start = 0; start < phones.length; start += CHUNK) {
      const chunk = phones.slice(start, start + CHUNK);
      rows.push(...((await this.dataSource.query(`${sql} WHERE terminal_phone IN (${chunk.map(() => '?').join(',')})`, chunk)) as T[]));
    }
    return rows;
  }
}

/** Every signal of the table whose bus id the vehicle sent, decoded from that bus id's newest frame, in table order. */
export function canValues(frames: readonly CanRow[], signals: readonly CanSignal[]): ConditionCanValue[] {
  const byBus = new Map(frames.map((frame) => [Number(frame.bus_id), frame]));
  return signals.flatMap((signal) => {
    const frame = byBus.get(signal.busId);
    if (!frame) return [];
    const at = Number(frame.at);
    return [{ signalId: signal.id, name: signal.name, unit: signal.unit, value: decodeSignal(frame.data, signal), time: formatCst(Math.floor(at / 1000)) }];
  });
}
