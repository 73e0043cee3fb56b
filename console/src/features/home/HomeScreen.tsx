import { Card, H5, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { ALARM_LEVEL_INTENT } from '../alarm/alarm-types';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGranted } from '../access/granted';
import { useAlarmStatsQuery } from '../alarm/alarmApi';
import { api } from '../../app/api';
import { barOptions } from '../../charts/bar-options';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import { STATUS_COLOURS } from '../../map/vehicle-marker';
import type { ScreenProps } from '../access/screen-props';
import { useScopeOverviewQuery, useVehicleTreeQuery } from '../monitor/monitorApi';
import { chartPairs, countByRegion, countByType, treeVehicles } from './home-stats';
import { cstTime } from '../instruction/command-form';
import type { Notice } from '../system/SystemNoticeScreen';
import { useLookupQuery } from '../table-screen/resource-api';
import './home.css';
import { HomeReminders } from '../reminders/HomeReminders';

const typesApi = api.injectEndpoints({
  endpoints: (build) => ({
    vehicleTypes: build.query<{ code: number; zh_CN: string; en_US: string }[], void>({ query: () => ({ url: 'basic/vehicle/types', silent: true }) }),
  }),
});

/**
 * /monitor/home: the announcements published for the user's company (systemNotice),
 * online rate, distribution by status, type and region, and the alarms of the last 24 hours by
 * type with the unhandled count (for users who may read them).
 */

/** The notices published for the user's company and the companies above it, newest first. */
function Announcements() {
  const { t } = useTranslation();
  const { data, isFetching } = useLookupQuery({ url: 'basic/notices/published', tag: 'Catalogue' });
  const notices = (data ?? []) as readonly Pick<Notice, 'id' | 'title' | 'content' | 'publishedAt'>[];
  if (!notices.length) return <NonIdealState icon="notifications" description={isFetching ? undefined : t('home.noAnnouncements')} />;
  return (
    <ul className="of-home-notices">
      {notices.map((notice) => (
        <li key={notice.id} className="of-home-notice">
          <div className="of-home-notice-head">
            <strong>{notice.title}</strong>
            <span className="of-home-notice-date">{notice.publishedAt ? cstTime(notice.publishedAt).slice(0, 16) : ''}</span>
          </div>
          <p>{notice.content}</p>
        </li>
      ))}
    </ul>
  );
}

export default function HomeScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const overview = useScopeOverviewQuery();
  const tree = useVehicleTreeQuery();
  const types = typesApi.useVehicleTypesQuery();
  const vehicles = useMemo(() => treeVehicles(tree.data ?? []), [tree.data]);
  const language = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';

  const statusOptions = useMemo<ChartOptions>(() => {
    const entries = Object.entries(overview.data?.byStatus ?? {}).filter(([, count]) => count > 0);
    return {
      chart: { type: 'pie', height: 260, animation: false },
      title: { text: undefined },
      series: entries.length ? [{ type: 'pie', name: t('home.vehicles'), animation: false, data: entries.map(([status, count]) => ({ name: t(`monitor.status.${status}`), y: count, color: STATUS_COLOURS[status as keyof typeof STATUS_COLOURS] })) }] : [],
    };
  }, [overview.data, t]);
  const typeOptions = useMemo(() => {
    const names = new Map((types.data ?? []).map((type) => [type.code, type[language]]));
    return barOptions(chartPairs(countByType(vehicles), (code) => (code === null ? t('home.unknownType') : (names.get(code) ?? String(code)))), t('home.vehicles'));
  }, [vehicles, types.data, language, t]);
  const regionOptions = useMemo(() => barOptions(chartPairs(countByRegion(vehicles), (region) => region ?? t('home.unknownRegion')), t('home.vehicles')), [vehicles, t]);

  const alarmsGranted = useGranted('home');
  const alarmStats = useAlarmStatsQuery(24, { skip: !alarmsGranted, pollingInterval: 60_000 });
  const alarmOptions = useMemo(
    // Spec §9: the top 10 types.
    () => barOptions(chartPairs(new Map(Object.entries(alarmStats.data?.byType ?? {})), (type) => t(`alarm.kind.${type}`, { defaultValue: type })).slice(0, 10), t('home.alarms')),
    [alarmStats.data, t],
  );

  const rate = overview.data?.onlineRate ?? 0;
  return (
    <div className="of-home">
      <Card className="of-home-card of-home-announcements">
        <H5>{t('home.announcements')}</H5>
        <Announcements />
      </Card>
      <Card className="of-home-card of-home-online">
        <H5>{t('home.onlineRate')}</H5>
        <div className="of-home-rate">{overview.data ? `${rate}%` : '—'}</div>
        <ProgressBar value={rate / 100} intent="success" stripes={false} animate={false} />
        <div>{overview.data ? t('home.online', { online: overview.data.online, total: overview.data.total }) : '—'}</div>
      </Card>
      <HomeReminders />
      <Card className="of-home-card"><H5>{t('home.byStatus')}</H5><HighChart options={statusOptions} /></Card>
      <Card className="of-home-card"><H5>{t('home.byType')}</H5><HighChart options={typeOptions} /></Card>
      <Card className="of-home-card"><H5>{t('home.byRegion')}</H5><HighChart options={regionOptions} /></Card>
      {alarmsGranted && (
        <Card className="of-home-card of-home-alarms">
          <H5>{t('home.alarmsTitle', { unhandled: alarmStats.data?.unhandled ?? 0 })}</H5>
          <div className="of-home-alarm-levels">
            {[0, 1, 2, 3].map((level) => (
              <Tag key={level} intent={ALARM_LEVEL_INTENT[level]} minimal={level === 3} className={`of-home-alarm-level-${level}`}>
                {t(`alarm.levelName.${level}`)} {alarmStats.data?.byLevel[String(level)] ?? 0}
              </Tag>
            ))}
          </div>
          <HighChart options={alarmOptions} />
        </Card>
      )}
    </div>
  );
}
