import { HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { ALARM_LEVEL_INTENT } from './alarm-types';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HubEvent, type LiveAlarm } from '@openfleet/contracts/live';
import { useLiveEvent } from '../../app/use-live-socket';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import { useAlarmPageQuery } from './alarmApi';
import { liveAlarmReaction } from './alarm-live';
import { playAlarmSound } from './alarm-sound';

const HOURS = [4, 8, 12, 24] as const;


/**
 * alarmMonitor: the alarms of the last 4/8/12/24 hours, with new ones arriving live on top. As the
 * wall page /socketAlarm it also sounds (the console's header does that elsewhere).
 */
export default function AlarmMonitorScreen({ sounding = false }: ScreenProps & { sounding?: boolean }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number>(4);
  const window = useMemo(() => ({ startTime: cstTime(Date.now() - hours * 3_600_000), endTime: cstTime(Date.now() + 3_600_000) }), [hours]);
  const { data } = useAlarmPageQuery({ current: 1, size: 200, ...window });
  const [live, setLive] = useState<LiveAlarm[]>([]);
  // New, updated and ended alarms all arrive as events: the stored list is fetched once per window.
  const onAlarm = useCallback((alarm: LiveAlarm) => {
    setLive((current) => [alarm, ...current.filter((a) => a.alarmId !== alarm.alarmId)].slice(0, 200));
    if (sounding && liveAlarmReaction(alarm, Date.now()).sound) playAlarmSound();
  }, [sounding]);
  useLiveEvent(HubEvent.alarm, onAlarm);
  const stored = (data?.records ?? []).filter((row) => !live.some((a) => a.alarmId === String(row.id)));
  const rows = [
    ...live.map((a) => ({ key: `l${a.alarmId}`, plate: a.detail?.plateCode || a.terminalPhone || '', type: a.type, level: a.level, startedAt: a.startedAt, endedAt: a.endedAt ?? 0, isLive: true })),
    ...stored.map((r) => ({ key: `s${r.id}`, plate: r.plateCode || r.terminalPhone, type: r.type, level: r.level, startedAt: r.startedAt, endedAt: r.endedAt, isLive: false })),
  ];
  return (
    <div className="of-alarm-monitor">
      <HTMLSelect value={hours} onChange={(e) => setHours(Number(e.currentTarget.value))} aria-label={t('alarm.monitor.window')}>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {t('alarm.monitor.hours', { hours: h })}
          </option>
        ))}
      </HTMLSelect>
      <HTMLTable compact striped className="of-alarm-stream">
        <thead>
          <tr>
            <th>{t('alarm.startedAt')}</th>
            <th>{t('alarm.plate')}</th>
            <th>{t('alarm.type')}</th>
            <th>{t('alarm.level')}</th>
            <th>{t('alarm.endedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-live={row.isLive}>
              <td>{cstTime(row.startedAt)}</td>
              <td>{row.plate}</td>
              <td>{t(`alarm.kind.${row.type}`, { defaultValue: row.type })}</td>
              <td>
                <Tag intent={ALARM_LEVEL_INTENT[row.level]}>{t(`alarm.levelName.${row.level}`)}</Tag>
              </td>
              <td>{row.endedAt ? cstTime(row.endedAt) : t('alarm.ongoing')}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
