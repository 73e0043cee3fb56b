import { useTranslation } from 'react-i18next';
import type { DashboardPayload } from '@openfleet/contracts/live';

/** The headline figures: vehicles total, online, moving, offline, today's mileage and alarms. */
export function KpiTiles({ payload, format }: { payload: DashboardPayload | null | undefined; format: (value: number) => string }) {
  const { t } = useTranslation();
  const vehicles = payload?.vehicles;
  const tiles: [key: string, value: number | undefined, unit?: string][] = [
    ['total', vehicles?.total],
    ['online', vehicles?.online],
    ['moving', vehicles?.moving],
    ['offline', vehicles?.offline],
    ['mileage', payload?.mileageKm, 'km'],
    ['alarms', payload?.alarms.total],
  ];
  return (
    <div className="of-bs-kpis">
      {tiles.map(([key, value, unit]) => (
        <div key={key} className={`of-bs-kpi of-bs-kpi-${key}`} data-testid={`kpi-${key}`}>
          <span className="of-bs-kpi-label">{t(`bigScreen.kpi.${key}`)}</span>
          <span className="of-bs-kpi-value">{value === undefined ? '—' : format(value)}{unit && <small> {unit}</small>}</span>
        </div>
      ))}
    </div>
  );
}
