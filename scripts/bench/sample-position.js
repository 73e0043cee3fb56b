// A realistic position record (Beijing, moving, with mileage and a signal extra) for bus/encoding benchmarks.
function samplePosition(index) {
  return {
    terminalPhone: String(13800000000 + (index % 10000)).padStart(12, '0'),
    vehicleId: `vehicle-${index % 10000}`,
    gpsTimeS: 1_763_800_000 + Math.floor(index / 10000),
    receivedAtMs: Date.now(),
    latitudeE6: 39_908_692 + (index % 1000),
    longitudeE6: 116_397_477 - (index % 1000),
    altitudeM: 52,
    speedDkmh: 600 + (index % 300),
    directionDeg: index % 360,
    alarmFlags: 0,
    statusFlags: 0x3,
    mileageHm: 1_234_567 + index,
    hasMileage: true,
    fuelDl: 4200,
    hasFuel: true,
    recordedSpeedDkmh: 0,
    hasRecordedSpeed: false,
    blindArea: false,
    serial: index & 0xffff,
    sequence: 0,
    extrasJson: '{"signal":25,"satellites":11}',
  };
}

module.exports = { samplePosition };
