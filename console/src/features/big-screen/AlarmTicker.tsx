import { CHINA_PROVINCES, type DashboardTickerAlarm } from '@openfleet/contracts/live';
import { formatChinaTime } from '@openfleet/contracts/time';
import { useTranslation } from 'react-i18next';

const PROVINCE_BY_CODE = new Map(CHINA_PROVINCES.map((province) => [province.code, province]));

/** The newest alarms of the scope, newest first: time, plate, type, level, province. */
export function AlarmTicker({ alarms }: { alarms: readonly DashboardTickerAlarm[] }) {
  const { t, i18n } = useTranslation();
  if (!alarms.length) return <div className="of-bs-empty">{t('bigScreen.noAlarms')}</div>;
  const english = i18n.language === 'en_US';
  return (
    <ul className="of-bs-ticker">
      {alarms.map((alarm) => {
        const province = PROVINCE_BY_CODE.get(alarm.province);
        return (
          <li key={alarm.alarmId} className={`of-bs-ticker-item of-bs-level-${alarm.level}`} data-alarm={alarm.alarmId}>
            <time>{formatChinaTime(alarm.startedAt).slice(11)}</time>
            <span className="of-bs-plate">{alarm.plateCode || '—'}</span>
            <span className="of-bs-type">{t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}</span>
            <span className="of-bs-level">{t(`alarm.levelName.${alarm.level}`)}</span>
            <span className="of-bs-place">{province ? (english ? province.en : province.zh) : ''}</span>
          </li>
        );
      })}
    </ul>
  );
}
