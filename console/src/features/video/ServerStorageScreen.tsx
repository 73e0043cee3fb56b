import { Callout, Card, H5, HTMLTable, ProgressBar, Spinner } from '@blueprintjs/core';
import type { VideoStorageView } from '@openfleet/contracts/video';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useVideoStorageQuery } from './videoApi';
import './video.css';

const GB = 1024 ** 3;
const gigabytes = (bytes: number) => `${(bytes / GB).toFixed(2)} GB`;

/** Free space as a share of the disk (0..1), and whether it is under the download threshold. */
export function storageState(view: VideoStorageView): { freeShare: number; belowThreshold: boolean } {
  const freeShare = view.totalBytes > 0 ? view.freeBytes / view.totalBytes : 0;
  return { freeShare, belowThreshold: freeShare * 100 < view.thresholdPercent };
}

/** serverStorage: the media server's disk, what video keeps on it, the threshold and the ports. */
export default function ServerStorageScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useVideoStorageQuery(undefined, { pollingInterval: 30_000 });
  if (isLoading) return <Spinner className="of-page-state" />;
  if (!data) return <Callout intent="warning">{t('media.storage.unavailable')}</Callout>;
  const { freeShare, belowThreshold } = storageState(data);
  const rows: [string, string | number][] = [
    ['media.storage.dataDir', data.dataDir],
    ['media.storage.total', gigabytes(data.totalBytes)],
    ['media.storage.free', gigabytes(data.freeBytes)],
    ['media.storage.usedByVideo', gigabytes(data.usedByVideoBytes)],
    ['media.storage.snapshots', data.snapshotCount],
    ['media.storage.downloads', data.downloadCount],
    ['media.storage.threshold', `${data.thresholdPercent}%`],
    ['media.storage.ftpPort', data.ftpPort],
    ['media.storage.mediaTcpPort', data.mediaTcpPort],
    ['media.storage.mediaUdpPort', data.mediaUdpPort],
  ];
  return (
    <Card className="of-video-storage">
      <H5>{t('menu.serverStorage')}</H5>
      <ProgressBar value={1 - freeShare} intent={belowThreshold ? 'danger' : 'primary'} stripes={false} />
      <p className="of-video-storage-share">{t('media.storage.freeShare', { percent: (freeShare * 100).toFixed(1) })}</p>
      {belowThreshold && <Callout intent="danger">{t('media.storage.belowThreshold', { percent: data.thresholdPercent })}</Callout>}
      <HTMLTable compact striped>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th>{t(key)}</th>
              <td data-field={key.slice('media.storage.'.length)}>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
