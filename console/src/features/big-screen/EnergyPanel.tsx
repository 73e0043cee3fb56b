import { useTranslation } from 'react-i18next';
import { SOC_BUCKET_BOUNDS, type DashboardPayload } from '@openfleet/contracts/live';
import { BarList } from './BarList';

const SOC_COLOURS = ['#ff4d4f', '#fa8c16', '#fadb14', '#95de64', '#52c41a'];

/** New-energy vehicles (count, charging, SOC distribution); hidden when the scope has none. */
export function EnergyPanel({ energy, format }: { energy: DashboardPayload['energy'] | undefined; format: (value: number) => string }) {
  const { t } = useTranslation();
  if (!energy?.vehicles) return null;
  const items = energy.socBuckets.map((count, i) => ({ key: String(i), label: `${i ? SOC_BUCKET_BOUNDS[i - 1] : 0}-${SOC_BUCKET_BOUNDS[i]}%`, value: count, color: SOC_COLOURS[i] }));
  return (
    <div className="of-bs-energy" data-testid="energy">
      <h2>{t('bigScreen.energy')}</h2>
      <div className="of-bs-energy-figures">
        <span>{t('bigScreen.energyVehicles')} <strong>{format(energy.vehicles)}</strong></span>
        <span>{t('bigScreen.charging')} <strong>{format(energy.charging)}</strong></span>
      </div>
      <h3>{t('bigScreen.soc')}</h3>
      <BarList items={items} format={format} empty="" />
    </div>
  );
}
