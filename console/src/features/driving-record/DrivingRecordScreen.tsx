import { HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import { TACHOGRAPH_COLLECT_WORDS } from '@openfleet/contracts/instruction';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { VehicleWindowFrame, type VehicleWindow } from '../monitor/VehicleWindowFrame';
import './driving-record.css';
import { AccidentCurve, SpeedCurve } from './RecordCurves';
import { ScheduleTab } from './ScheduleTab';
import { WordList, wordHex } from './WordList';

const HEADER_WORDS = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07];
const RECORD_WORDS = [0x08, 0x09, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15];

/** 00H-07H in one tab: the word is picked beside the list. */
function HeaderTab({ window, filters }: { window: VehicleWindow; filters: () => ReactNode }) {
  const { t, i18n } = useTranslation();
  const [word, setWord] = useState(0x03);
  const label = (value: number) => {
    const entry = TACHOGRAPH_COLLECT_WORDS.find((w) => w.value === value);
    return `${wordHex(value)} ${entry ? (i18n.language === 'en_US' ? entry.label[1] : entry.label[0]) : ''}`;
  };
  const picker = (
    <HTMLSelect className="of-driving-header-word" value={String(word)} onChange={(e) => setWord(Number(e.currentTarget.value))} aria-label={t('drivingRecord.word')}>
      {HEADER_WORDS.map((w) => (
        <option key={w} value={w}>
          {label(w)}
        </option>
      ))}
    </HTMLSelect>
  );
  return <WordList key={word} word={word} window={window} filters={filters} extra={picker} />;
}

/**
 * /monitor/drivingRecord: a vehicle's GB/T 19056 tachograph data as terminals answered 0x8700
 * collections: the header data, then one tab per record kind (speed with its per-second curve,
 * positions, accident suspicion with its 20 s before the stop, overtime driving, driver logins,
 * external power, parameter changes, speed status), a "collect now" button and the daily schedule.
 */
export function DrivingRecordScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = (word: number) => {
    const entry = TACHOGRAPH_COLLECT_WORDS.find((w) => w.value === word);
    return `${wordHex(word)} ${entry ? (i18n.language === 'en_US' ? entry.label[1] : entry.label[0]) : ''}`;
  };
  return (
    <VehicleWindowFrame prefix="of-driving" labels={{ from: 'statistics.from', to: 'statistics.to', query: 'report.query', pick: 'drivingRecord.pickVehicle' }}>
      {(window, filters) => (
        <Tabs id="driving-record-tabs" renderActiveTabPanelOnly>
          <Tab id="header" title={t('drivingRecord.header')} panel={<HeaderTab window={window} filters={filters} />} />
          {RECORD_WORDS.map((word) => (
            <Tab
              key={word}
              id={`w${word}`}
              title={title(word)}
              panel={<WordList word={word} window={window} filters={filters} extra={word === 0x08 ? <SpeedCurve window={window} /> : word === 0x10 ? <AccidentCurve window={window} /> : undefined} />}
            />
          ))}
          <Tab id="schedule" title={t('drivingRecord.schedule')} panel={<ScheduleTab vehicleId={window.vehicleId} />} />
        </Tabs>
      )}
    </VehicleWindowFrame>
  );
}

export default DrivingRecordScreen;
