import { Button, InputGroup } from '@blueprintjs/core';
import { TACHOGRAPH_COLLECT_WORDS } from '@openfleet/contracts/instruction';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import { WithPower } from '../access/power-context';
import { useSendOrderMutation } from '../instruction/instructionApi';
import type { VehicleWindow } from '../monitor/VehicleWindowFrame';
import { downloadSheet } from '../table-screen/excel-download';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen } from '../table-screen/TableScreen';
import { columnsFor } from './record-columns';
import { useDrivingRecordsQuery, type DrivingRecordView } from './drivingRecordApi';

/** After "collect now": the list is polled this long for the terminal's answer. */
const POLL_FOR_MS = 60_000;
const POLL_EVERY_MS = 2_000;

export const wordHex = (word: number) => `${word.toString(16).padStart(2, '0').toUpperCase()}H`;
const ranged = (word: number) => TACHOGRAPH_COLLECT_WORDS.some((w) => w.value === word && w.ranged);

/**
 * One command word's stored blocks for the chosen vehicle and window, with the window fields,
 * "collect now" (0x8700 through the instruction service: needs controlInstruction:send) and the
 * Excel export (drivingRecord:export).
 */
export function WordList({ word, window, filters, extra }: { word: number; window: VehicleWindow; filters: () => ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const canSend = useGranted('controlInstruction:send');
  const [send, { isLoading: sending }] = useSendOrderMutation();
  const [pollUntil, setPollUntil] = useState(0);
  const [maxBlocks, setMaxBlocks] = useState('60');
  const polling = pollUntil > Date.now();

  const useList = (query: PageQuery, skip: boolean) =>
    useDrivingRecordsQuery({ ...window, command: word, current: query.pageNo, size: query.pageSize }, { skip, pollingInterval: polling ? POLL_EVERY_MS : 0 });

  const collect = async () => {
    const blocks = Math.min(Math.max(Number(maxBlocks) || 1, 1), 65_535);
    const params = ranged(word) ? { command: word, startTime: window.startTime, endTime: window.endTime, maxBlocks: blocks } : { command: word };
    const result = await send({ commandType: 'tachographCollect', vehicleIds: [window.vehicleId], params });
    if ('error' in result) return;
    notify('success', t('drivingRecord.collectSent'));
    setPollUntil(Date.now() + POLL_FOR_MS);
    setTimeout(() => setPollUntil(0), POLL_FOR_MS);
  };

  const exportSheet = async () => {
    const token = store.getState().session.token ?? '';
    if (!(await downloadSheet(token, 'gps/drivingRecord/records/export', { ...window, command: word }, `driving-record-${wordHex(word)}.xlsx`))) notify('error', t('excel.exportFailed'));
  };

  const toolbar = () => (
    <div className="of-driving-toolbar">
      {filters()}
      {canSend && (
        <>
          {ranged(word) && <InputGroup className="of-driving-blocks" value={maxBlocks} onChange={(e) => setMaxBlocks(e.currentTarget.value.replace(/\D/g, ''))} aria-label={t('drivingRecord.maxBlocks')} leftElement={<span className="of-driving-blocks-label">{t('drivingRecord.maxBlocks')}</span>} />}
          <Button icon="download" className="of-driving-collect" intent="primary" loading={sending} text={t('drivingRecord.collectNow')} onClick={() => void collect()} />
        </>
      )}
      <WithPower code="drivingRecord:export">
        <Button icon="export" className="of-driving-export" text={t('excel.export')} onClick={() => void exportSheet()} />
      </WithPower>
      {polling && <span className="of-driving-waiting">{t('drivingRecord.waiting')}</span>}
    </div>
  );

  return (
    <div className="of-driving-word" data-word={wordHex(word)}>
      {extra}
      <TableScreen<DrivingRecordView, Record<string, string>>
        screen="drivingRecord"
        searchPlaceholderKey="drivingRecord.time"
        columns={columnsFor(word, t)}
        useList={useList}
        {...readOnlyTable('menu.drivingRecord')}
        toolbar={toolbar}
      />
    </div>
  );
}
