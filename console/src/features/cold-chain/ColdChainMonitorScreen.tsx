import { Tab, Tabs, Tag } from '@blueprintjs/core';
import type { ColdChainLiveRow } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useGranted } from '../access/granted';
import { formatCst } from '../monitor/liveSlice';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useColdChainLiveQuery } from './coldChainApi';
import { doorOpen, probeValues } from './cold-chain-format';
import { ColdChainSettingsPanel } from './ColdChainSettingsPanel';
import { ColdChainExportButton } from './ColdChainExportButton';
import './cold-chain.css';
import { Coordinates } from '../formats/Coordinates';

/** The monitor re-asks this often: a reefer reports every 30 s or so. */
const POLL_MS = 10_000;

function useLiveList(query: PageQuery, skip: boolean) {
  const { data, isFetching } = useColdChainLiveQuery({ current: query.pageNo, size: query.pageSize, plateCode: query.keyword }, { skip, pollingInterval: POLL_MS });
  return { data, isFetching };
}

/** /industry/coldChainMonitor: cold-chain vehicles with their live probes, doors and open excursions; settings in a tab. */
export default function ColdChainMonitorScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'live' | 'settings'>('live');
  const canSearch = useGranted('coldChainMonitor:search');
  const columns = useMemo<ColumnSpec<ColdChainLiveRow>[]>(
    () => [
      { key: 'plateCode', titleKey: 'coldChain.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
      { key: 'at', titleKey: 'coldChain.at', width: 150, render: (row) => formatCst(Math.floor(row.at / 1000)) },
      { key: 'temperatures', titleKey: 'coldChain.temperatures', width: 220, render: (row) => <span className="of-cold-temperatures">{probeValues(row.temperatures)}</span> },
      { key: 'humidities', titleKey: 'coldChain.humidities', width: 120, render: (row) => probeValues(row.humidities, 0) },
      { key: 'doors', titleKey: 'coldChain.doors', width: 80, render: (row) => (row.doors.length ? <Tag minimal intent={doorOpen(row) ? 'warning' : 'none'}>{t(doorOpen(row) ? 'coldChain.door.open' : 'coldChain.door.closed')}</Tag> : '—') },
      { key: 'speedKmh', titleKey: 'coldChain.speed', width: 100, render: (row) => row.speedKmh.toFixed(0) },
      { key: 'place', titleKey: 'coldChain.excursion.place', width: 180, render: (row) => row.place || <Coordinates lng={row.longitude} lat={row.latitude} /> },
      {
        key: 'active',
        titleKey: 'coldChain.state',
        width: 220,
        render: (row) =>
          row.active.length ? row.active.map((type) => <Tag key={type} intent="danger" className="of-cold-alarm">{t(`alarm.kind.${type}`)}</Tag>) : <Tag intent="success" minimal>{t('coldChain.inRange')}</Tag>,
      },
    ],
    [t],
  );
  return (
    <Tabs id="cold-chain-monitor" className="of-cold-monitor" selectedTabId={tab} onChange={(id) => setTab(id as 'live' | 'settings')} renderActiveTabPanelOnly>
      <Tab
        id="live"
        title={t('coldChain.tab.live')}
        panel={
          <TableScreen<ColdChainLiveRow, Record<string, string>>
            screen="coldChainMonitor"
            searchPlaceholderKey="coldChain.searchPlate"
            columns={columns}
            useList={useLiveList}
            {...readOnlyTable('menu.coldChainMonitor')}
            toolbar={() => <ColdChainExportButton code="coldChainMonitor:export" path="industry/coldChain/live/export" fileName="coldChainMonitor.xlsx" params={{}} />}
          />
        }
      />
      {canSearch && <Tab id="settings" title={t('coldChain.tab.settings')} panel={<ColdChainSettingsPanel />} />}
    </Tabs>
  );
}
