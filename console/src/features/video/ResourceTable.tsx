import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import type { ResourceItem } from '@openfleet/contracts/video';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { resourceVideoAlarms, videoAlarmLabels } from './tile-grid';

/** The recordings the terminal listed (0x1205): play from the start of one, or download it. */
export function ResourceTable({ items, onPlay, onDownload }: { items: readonly ResourceItem[]; onPlay: (item: ResourceItem) => void; onDownload: (item: ResourceItem) => void }) {
  const { t } = useTranslation();
  const english = useAppSelector((state) => state.settings.language) === 'en_US';
  return (
    <HTMLTable compact striped className="of-playback-items">
      <thead>
        <tr>
          <th>{t('media.channel')}</th>
          <th>{t('media.startTime')}</th>
          <th>{t('media.endTime')}</th>
          <th>{t('media.stream')}</th>
          <th>{t('media.fileSize')}</th>
          <th>{t('media.alarms')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={index} className="of-playback-item">
            <td>{item.channel}</td>
            <td>{item.startTime}</td>
            <td>{item.endTime}</td>
            <td>{t(item.streamType === 1 ? 'media.stream.main' : item.streamType === 2 ? 'media.stream.sub' : 'media.stream.any')}</td>
            <td>{(item.fileSize / 1_048_576).toFixed(1)} MB</td>
            <td>
              {videoAlarmLabels(resourceVideoAlarms(item.alarmFlags), english).map((label) => (
                <Tag key={label} minimal intent="danger">
                  {label}
                </Tag>
              ))}
            </td>
            <td>
              <Button size="small" icon="play" aria-label={t('media.playback.playItem')} onClick={() => onPlay(item)} />
              <Button size="small" icon="download" aria-label={t('media.download.create')} onClick={() => onDownload(item)} />
            </td>
          </tr>
        ))}
        {!items.length && (
          <tr>
            <td colSpan={7}>{t('media.playback.none')}</td>
          </tr>
        )}
      </tbody>
    </HTMLTable>
  );
}
