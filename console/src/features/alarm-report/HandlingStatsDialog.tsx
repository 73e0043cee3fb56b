import { Dialog, DialogBody, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import { cstTime } from '../instruction/command-form';
import { useCompanyOptions, labelMap } from '../master-data/lookups';
import type { HandlingStatsRow } from '@openfleet/contracts/alarm';
import { useHandlingStatsQuery } from './alarmReportApi';
import { formatRate } from './report-format';
import './alarm-report.css';
import { DateTimePicker } from '../formats/DateTimePicker';

type GroupBy = 'type' | 'company' | 'day';

/** Stacked columns: handled, not processed, for later, unhandled per group. */
function statsChart(rows: readonly HandlingStatsRow[], label: (key: string) => string, names: Record<'handled' | 'notProcessed' | 'future' | 'unhandled', string>): ChartOptions {
  const series = (['handled', 'notProcessed', 'future', 'unhandled'] as const).map((key) => ({ type: 'column' as const, name: names[key], animation: false, data: rows.map((row) => row[key]) }));
  return {
    chart: { type: 'column', height: 300, animation: false },
    title: { text: undefined },
    xAxis: { categories: rows.map((row) => label(row.key)) },
    yAxis: { title: { text: undefined }, allowDecimals: false, stackLabels: { enabled: true } },
    plotOptions: { column: { stacking: 'normal' } },
    series,
  };
}

/** Alarm-handling statistics of up to 31 days, by type, company or day (spec §1), in Highcharts and a table. */
export function HandlingStatsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [groupBy, setGroupBy] = useState<GroupBy>('type');
  const [window, setWindow] = useState(() => ({ startTime: cstTime(Date.now() - 7 * 86_400_000), endTime: cstTime(Date.now()) }));
  const { data } = useHandlingStatsQuery({ ...window, groupBy });
  const companyOptions = useCompanyOptions();
  const companies = useMemo(() => labelMap(companyOptions), [companyOptions]);
  const label = (key: string) => (groupBy === 'type' ? t(`alarm.kind.${key}`, { defaultValue: key }) : groupBy === 'company' ? (companies.get(key) ?? key) : key);
  const names = { handled: t('alarm.statusName.1'), notProcessed: t('alarm.statusName.2'), future: t('alarm.statusName.3'), unhandled: t('alarm.statusName.0') };
  const options = useMemo(() => statsChart(data ?? [], label, names), [data, groupBy, companies, t]); // label and names change only with groupBy, companies and t
  return (
    <Dialog isOpen onClose={onClose} title={t('report.handlingTitle')} className="of-handling-stats" style={{ width: 1000 }}>
      <DialogBody>
        <div className="of-handling-stats-controls">
          <HTMLSelect value={groupBy} onChange={(e) => setGroupBy(e.currentTarget.value as GroupBy)} aria-label={t('report.groupBy')}>
            {(['type', 'company', 'day'] as const).map((key) => (
              <option key={key} value={key}>
                {t(`report.by.${key}`)}
              </option>
            ))}
          </HTMLSelect>
          <DateTimePicker value={window.startTime} onChange={(value) => setWindow({ ...window, startTime: value })} aria-label={t('alarm.from')} />
          <DateTimePicker value={window.endTime} onChange={(value) => setWindow({ ...window, endTime: value })} aria-label={t('alarm.to')} />
        </div>
        <HighChart options={options} />
        <HTMLTable compact striped className="of-handling-stats-table">
          <thead>
            <tr>
              <th>{t(`report.by.${groupBy}`)}</th>
              <th>{t('report.total')}</th>
              <th>{names.handled}</th>
              <th>{names.notProcessed}</th>
              <th>{names.future}</th>
              <th>{names.unhandled}</th>
              <th>{t('report.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((row) => (
              <tr key={row.key}>
                <td>{label(row.key)}</td>
                <td>{row.total}</td>
                <td>{row.handled}</td>
                <td>{row.notProcessed}</td>
                <td>{row.future}</td>
                <td>{row.unhandled}</td>
                <td>{formatRate(row.rate)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}
