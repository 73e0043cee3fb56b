import { useTranslation } from 'react-i18next';
import { useBatteryLatestQuery, type Reading } from './energyApi';

/** GB/T 32960.3-2016 table 11: one drive motor of information unit 0x02. */
export interface DriveMotorView {
  seq: number;
  /** 1 consuming, 2 generating, 3 off, 4 ready (0xFE abnormal, 0xFF invalid). */
  state: number;
  controllerTempC: Reading;
  speedRpm: Reading;
  torqueNm: Reading;
  tempC: Reading;
  controllerVoltageV: Reading;
  controllerCurrentA: Reading;
}

/** The drive motors of the latest report's unit 0x02, [] without one. */
export function driveMotorsOf(units: readonly { type: number; [field: string]: unknown }[] | undefined): DriveMotorView[] {
  const unit = units?.find((item) => item.type === 2);
  return Array.isArray(unit?.motors) ? (unit.motors as DriveMotorView[]) : [];
}

function reading(value: Reading, unit: string, invalid: string): string {
  if (value === 'abnormal' || value === 'invalid') return invalid;
  return `${Math.round(value * 10) / 10} ${unit}`;
}

/** The info panel's drive motor data of an electric vehicle (energy/latest, unit 0x02), refreshed every 10 s. */
export function DriveMotorFields({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const { data } = useBatteryLatestQuery(vehicleId, { pollingInterval: 10_000 });
  const motors = driveMotorsOf(data?.units);
  if (!motors.length) return <p className="of-info-empty">{t('energy.motor.none')}</p>;
  const invalid = t('monitor.info.invalid');
  return (
    <div className="of-info-motors">
      {motors.map((motor) => {
        const rows: [string, string][] = [
          [t('energy.motor.state'), t(`energy.motor.stateName.${motor.state}`, { defaultValue: String(motor.state) })],
          [t('energy.motor.speed'), reading(motor.speedRpm, 'rpm', invalid)],
          [t('energy.motor.torque'), reading(motor.torqueNm, 'N·m', invalid)],
          [t('energy.motor.temperature'), reading(motor.tempC, '°C', invalid)],
          [t('energy.motor.controllerTemperature'), reading(motor.controllerTempC, '°C', invalid)],
          [t('energy.motor.controllerVoltage'), reading(motor.controllerVoltageV, 'V', invalid)],
          [t('energy.motor.controllerCurrent'), reading(motor.controllerCurrentA, 'A', invalid)],
        ];
        return (
          <dl key={motor.seq} className="of-info-fields" data-motor={motor.seq}>
            <div className="of-info-field of-info-motor-title">
              <dt>{t('energy.motor.title', { seq: motor.seq })}</dt>
              <dd />
            </div>
            {rows.map(([label, text]) => (
              <div key={label} className="of-info-field">
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        );
      })}
    </div>
  );
}
