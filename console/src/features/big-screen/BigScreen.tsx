import { useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHINA_PROVINCES, type DashboardPayload } from '@openfleet/contracts/live';
import type { ProvinceCount } from '../../map';
import type { ScreenProps } from '../access/screen-props';
import { useCompanyOptions } from '../master-data/lookups';
import { AlarmTicker } from './AlarmTicker';
import { BarList, type BarItem } from './BarList';
import { canMark, DASHBOARD_MEASURE, DASHBOARD_RENDERED_MARK, DASHBOARD_UPDATE_MARK, useDashboardQuery } from './bigScreenApi';
import { EnergyPanel } from './EnergyPanel';
import { KpiTiles } from './KpiTiles';
import { LazyProvinceMap } from './LazyProvinceMap';
import { TrendChart } from './TrendChart';
import './big-screen.css';

const LEVEL_COLOURS = ['#ff4d4f', '#fa8c16', '#fadb14', '#69c0ff'];

/** Ends the update measure once React has committed the push (and the map has drawn it). */
function useUpdateMeasure(at: number | undefined): void {
  useLayoutEffect(() => {
    if (at === undefined || !canMark || !performance.getEntriesByName(DASHBOARD_UPDATE_MARK, 'mark').length) return;
    performance.mark(DASHBOARD_RENDERED_MARK);
    performance.measure(DASHBOARD_MEASURE, DASHBOARD_UPDATE_MARK, DASHBOARD_RENDERED_MARK);
    // Marks and measures would pile up over a day open on a wall: observers (the bench) already have them.
    performance.clearMarks(DASHBOARD_UPDATE_MARK);
    performance.clearMarks(DASHBOARD_RENDERED_MARK);
    performance.clearMeasures(DASHBOARD_MEASURE);
  }, [at]);
}

/**
 * /monitor/bigDataShow: the control room's wall display (1920×1080, dark, open all day). Every figure
 * comes aggregated from the hub's `dashboard` push for the user's scope; nothing here is per vehicle.
 */
export default function BigScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { data } = useDashboardQuery();
  const companies = useCompanyOptions();
  const english = i18n.language === 'en_US';
  const number = useMemo(() => new Intl.NumberFormat(english ? 'en-US' : 'zh-CN', { maximumFractionDigits: 1 }), [english]);
  const format = useMemo(() => (value: number) => number.format(value), [number]);
  const companyName = useMemo(() => new Map(companies.map((option) => [option.value, option.label ?? option.value])), [companies]);
  const provinces = useMemo<ProvinceCount[]>(() => provinceCounts(data), [data]);
  useUpdateMeasure(data?.at);

  const companyBars = (figures: DashboardPayload['topCompaniesByAlarms'] = []): BarItem[] =>
    figures.map((figure) => ({ key: figure.companyId, label: companyName.get(figure.companyId) || figure.companyId || t('bigScreen.unknownCompany'), value: figure.value }));

  return (
    <div className="of-big-screen bp6-dark" data-testid="big-screen" data-at={data?.at ?? ''}>
      <header className="of-bs-header">
        <h1>{t('bigScreen.title')}</h1>
        <span className="of-bs-day">{data ? data.day : t('bigScreen.waiting')}</span>
      </header>
      <KpiTiles payload={data} format={format} />
      <main className="of-bs-grid">
        <section className="of-bs-panel of-bs-left">
          <h2>{t('bigScreen.alarmsByLevel')}</h2>
          <BarList
            items={(data?.alarms.byLevel ?? [0, 0, 0, 0]).map((count, level) => ({ key: String(level), label: t(`alarm.levelName.${level}`), value: count, color: LEVEL_COLOURS[level] }))}
            format={format}
            empty={t('bigScreen.none')}
          />
          <h2>{t('bigScreen.alarmsByType')}</h2>
          <BarList items={(data?.alarms.byType ?? []).map((item) => ({ key: item.key, label: t(`alarm.kind.${item.key}`, { defaultValue: item.key }), value: item.count }))} format={format} empty={t('bigScreen.none')} />
          <h2>{t('bigScreen.topByAlarms')}</h2>
          <BarList items={companyBars(data?.topCompaniesByAlarms)} format={format} empty={t('bigScreen.none')} />
        </section>
        <section className="of-bs-panel of-bs-centre">
          <h2>{t('bigScreen.vehiclesByProvince')}</h2>
          <LazyProvinceMap counts={provinces} format={format} className="of-bs-map" />
          <h2>{t('bigScreen.onlineTrend')}</h2>
          <TrendChart points={data?.onlineTrend ?? []} day={data?.day ?? '2000-01-01'} label={t('bigScreen.onlineTrend')} />
        </section>
        <section className="of-bs-panel of-bs-right">
          <h2>{t('bigScreen.ticker')}</h2>
          <AlarmTicker alarms={data?.ticker ?? []} />
          <h2>{t('bigScreen.topByMileage')}</h2>
          <BarList items={companyBars(data?.topCompaniesByMileage)} format={(value) => `${format(value)} km`} empty={t('bigScreen.none')} />
          <EnergyPanel energy={data?.energy} format={format} />
        </section>
      </main>
    </div>
  );
}

function provinceCounts(data: DashboardPayload | null | undefined): ProvinceCount[] {
  const counts = new Map((data?.provinces ?? []).map((item) => [item.key, item.count]));
  return CHINA_PROVINCES.map((province) => ({ name: province.zh, count: counts.get(province.code) ?? 0, lng: province.lon, lat: province.lat }));
}
