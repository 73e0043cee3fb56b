// Positions for `npm run bench:alarm`: VEHICLES terminals every 10 s, speeds drifting through the
// overspeed limit, alarm bits set and cleared now and then. Deterministic (seeded).
const phoneOf = (i) => `139${String(i).padStart(8, '0')}`;

function positionStream(vehicles, { alarmRate = 0.02, seed = 11, startS = Math.floor(Date.now() / 1000) - 86_400 } = {}) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const flags = new Uint32Array(vehicles);
  const speeds = Array.from({ length: vehicles }, () => random() * 100);
  const now = Date.now();
  /** Positions n .. n+count-1 (position n is vehicle n % vehicles at step n / vehicles), as bus records. */
  return (from, count) =>
    Array.from({ length: count }, (_, k) => {
      const n = from + k;
      const i = n % vehicles;
      if (random() < alarmRate) flags[i] ^= 1 << [0, 1, 2, 3, 18, 19, 27, 28][Math.floor(random() * 8)];
      speeds[i] = Math.max(0, Math.min(130, speeds[i] + (random() - 0.5) * 20));
      const value = { terminalPhone: phoneOf(i), vehicleId: `v${i}`, gpsTimeS: startS + Math.floor(n / vehicles) * 10, receivedAtMs: now, latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 0, speedDkmh: Math.round(speeds[i] * 10), directionDeg: 0, alarmFlags: flags[i], statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: n & 0xffff, sequence: 0, extrasJson: '' };
      return { key: value.terminalPhone, value, partition: 0, offset: String(n) };
    });
}

/** The vehicle registry of those terminals: one company 'bc' under 'root'. */
function registryRecords(vehicles, now = Date.now()) {
  return Array.from({ length: vehicles }, (_, i) => ({ key: `v${i}`, value: { vehicleId: `v${i}`, plateCode: `京C${i}`, plateColor: 1, vin: '', companyId: 'bc', companyPath: ['root', 'bc'], fleetPath: [], terminalPhone: phoneOf(i), vehicleType: 1, deleted: false, updatedAt: now } }));
}

/** Every platform rule on (the platform default): overspeed 80 km/h for 10 s, fatigue 4 h / 20 min rest, night 22:00-06:00, offline and stopped 10 min. */
const ALL_RULES_SQL = "INSERT INTO alarm_rule (company_id, vehicle_type, overspeed_kmh, overspeed_s, fatigue_drive_s, fatigue_rest_s, night_start, night_end, offline_s, stopped_s, updated_at) VALUES ('', 0, 80, 10, 14400, 1200, '22:00', '06:00', 600, 600, 0)";

module.exports = { phoneOf, positionStream, registryRecords, ALL_RULES_SQL };
