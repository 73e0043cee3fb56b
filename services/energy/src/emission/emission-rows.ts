import { parseChinaTime, type EmissionReport } from '@openfleet/contracts';
import { decodeHj1239Realtime, type DieselStream, type Hj1239Info, type Reading, type SupplementStream } from '@openfleet/gb32960';

/** "YYYY-MM-DD HH:mm:ss" China time -> epoch ms. */
export const chinaMs = (time: string) => parseChinaTime(time);

const num = (value: Reading | undefined): number | null => (typeof value === 'number' ? value : null);

/** emission_stream columns filled from the diesel stream (0x02), in write order after the key columns. */
export const STREAM_FIELDS: [column: string, field: keyof DieselStream][] = [
  ['speed', 'speedKmh'], ['atmospheric_pressure', 'atmosphericPressureKpa'], ['engine_torque', 'engineTorquePercent'], ['friction_torque', 'frictionTorquePercent'],
  ['engine_rpm', 'engineRpm'], ['fuel_flow', 'fuelFlowLph'], ['nox_upstream', 'noxUpstreamPpm'], ['nox_downstream', 'noxDownstreamPpm'], ['reagent', 'reagentPercent'],
  ['intake_air', 'intakeAirKgph'], ['scr_inlet_temp', 'scrInletTempC'], ['scr_outlet_temp', 'scrOutletTempC'], ['dpf_pressure_drop', 'dpfPressureDropKpa'],
  ['coolant_temp', 'coolantTempC'], ['fuel_level', 'fuelLevelPercent'], ['odometer', 'odometerKm'],
];

/** Columns filled from the supplementary stream (0x80). */
export const SUPPLEMENT_FIELDS: [column: string, field: keyof SupplementStream][] = [
  ['torque_mode', 'torqueMode'], ['accelerator', 'acceleratorPercent'], ['total_fuel', 'totalFuelL'], ['urea_tank_temp', 'ureaTankTempC'],
  ['urea_dosing', 'ureaDosingMlph'], ['total_urea', 'totalUreaG'], ['dpf_exhaust_temp', 'dpfExhaustTempC'],
];

export const STREAM_COLUMNS = ['vin', 'collected_at', 'vehicle_id', 'received_at', 'reissued', ...STREAM_FIELDS.map(([c]) => c), 'latitude', 'longitude', ...SUPPLEMENT_FIELDS.map(([c]) => c)] as const;

export const OBD_COLUMNS = ['vin', 'collected_at', 'vehicle_id', 'received_at', 'protocol', 'mil', 'diagnostic_support', 'diagnostic_readiness', 'obd_vin', 'calibration_id', 'cvn', 'iupr', 'fault_codes'] as const;

type Row = (string | number | null)[];

/** Signed WGS-84 degrees of a valid fix (status bit 0 clear; bit 1 south, bit 2 west), else nulls. */
function position(stream: DieselStream): [number | null, number | null] {
  const lat = num(stream.latitude);
  const lon = num(stream.longitude);
  if (stream.positionStatus & 1 || lat === null || lon === null) return [null, null];
  return [stream.positionStatus & 2 ? -lat : lat, stream.positionStatus & 4 ? -lon : lon];
}

/**
 * The rows one report makes: a stream row per diesel stream (with the supplementary stream of the
 * same collection time merged in; a supplementary stream alone makes a row of its own) and an OBD
 * row per OBD body. Gas-engine and vendor bodies are not stored (their layout is not public).
 */
export function emissionRows(report: EmissionReport): { streams: Row[]; obd: Row[] } {
  const infos = decodeHj1239Realtime(report.data).infos;
  const byTime = new Map<number, { stream?: DieselStream; supplement?: SupplementStream }>();
  const obd: Row[] = [];
  const head = (at: number) => [report.vin, at, report.vehicleId, report.receivedAt];
  for (const info of infos as Hj1239Info[]) {
    const at = chinaMs(info.collectedAt);
    if ('stream' in info) byTime.set(at, { ...byTime.get(at), stream: info.stream });
    else if ('supplement' in info) byTime.set(at, { ...byTime.get(at), supplement: info.supplement });
    else if ('obd' in info) {
      const o = info.obd;
      obd.push([...head(at), o.protocol, o.mil, o.diagnosticSupport, o.diagnosticReadiness, o.vin, o.calibrationId, o.cvn, o.iupr, o.faultCodes === null ? null : JSON.stringify(o.faultCodes)]);
    }
  }
  const streams: Row[] = [];
  for (const [at, { stream, supplement }] of byTime) {
    streams.push([
      ...head(at),
      report.reissued ? 1 : 0,
      ...STREAM_FIELDS.map(([, field]) => (stream ? num(stream[field]) : null)),
      ...(stream ? position(stream) : [null, null]),
      ...SUPPLEMENT_FIELDS.map(([, field]) => (supplement ? num(supplement[field]) : null)),
    ]);
  }
  return { streams, obd };
}
