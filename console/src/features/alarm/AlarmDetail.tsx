import { Dialog, DialogBody, HTMLTable, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import './alarm.css';
import { useAuthorizedUrl } from '../../app/use-authorized-url';
import { MapView, TrackLayer } from '../../map';
import { useDailyMileageQuery } from '../history/historyApi';
import { playbackPoints } from '../history/track-archive';
import { cstTime } from '../instruction/command-form';
import { RecordRows } from '../instruction/ParamRows';
import { useAlarmEvidenceQuery, type AlarmRow, type EvidenceFile } from './alarmApi';
import { formatLngLat, LNG_LAT_LABEL_KEY } from '../formats/coordinates';

/** Minutes of track shown before the alarm starts and after it ends. */
const TRACK_MARGIN_MS = 5 * 60_000;

/** A video file in video.js (its element is created here, and disposed with the component). */
function EvidenceVideo({ src }: { src: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = document.createElement('video-js');
    holder.current?.appendChild(element);
    const player = videojs(element, { controls: true, fluid: true, preload: 'metadata', sources: [{ src, type: 'video/mp4' }] });
    return () => player.dispose();
  }, [src]);
  return <div ref={holder} className="of-alarm-evidence-video" data-vjs-player />;
}

function EvidenceItem({ file }: { file: EvidenceFile }) {
  const { t } = useTranslation();
  const url = useAuthorizedUrl(file.complete ? `/gps/alarm/evidence/${file.id}/file` : null);
  if (!file.complete)
    return (
      <div className="of-alarm-evidence-pending">
        <span>{file.name}</span>
        <ProgressBar value={file.size ? file.received / file.size : 0} stripes={false} />
        <small>{t('alarm.evidence.receiving', { received: file.received, size: file.size })}</small>
      </div>
    );
  if (!url) return <Spinner size={20} />;
  if (file.fileType === 0) return <a href={url} download={file.name}><img className="of-alarm-evidence-photo" src={url} alt={file.name} /></a>;
  if (file.fileType === 2) return <EvidenceVideo src={url} />;
  if (file.fileType === 1) return <audio controls src={url} />;
  return <a href={url} download={file.name}>{file.name}</a>;
}

/** The active-safety evidence of an alarm: photos inline, videos in video.js, progress of files still arriving. */
function EvidenceList({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation();
  const { data, isFetching } = useAlarmEvidenceQuery(alarmId, { pollingInterval: 5000 });
  if (data === undefined) return isFetching ? <Spinner size={20} /> : null;
  if (data === null) return <p className="of-alarm-evidence-none">{t('alarm.evidence.none')}</p>;
  return (
    <div className="of-alarm-evidence" data-files={data.files.length} data-complete={data.files.filter((file) => file.complete).length}>
      <h4>{t('alarm.evidence.title', { count: data.files.length, expected: data.expected })}</h4>
      {data.files.length === 0 && <p>{t('alarm.evidence.waiting')}</p>}
      <div className="of-alarm-evidence-files">
        {data.files.map((file) => (
          <EvidenceItem key={file.id} file={file} />
        ))}
      </div>
    </div>
  );
}

/** The alarm's detail: facts, the track around it on the map with the alarm's place, and its evidence. */
export function AlarmDetail({ alarm, onClose }: { alarm: AlarmRow; onClose: () => void }) {
  const { t } = useTranslation();
  const end = alarm.endedAt || alarm.lastAt || alarm.startedAt;
  const track = useDailyMileageQuery(
    { vehicleId: alarm.vehicleId, startTime: cstTime(alarm.startedAt - TRACK_MARGIN_MS), endTime: cstTime(end + TRACK_MARGIN_MS), allLocations: true },
    { skip: !alarm.vehicleId },
  );
  const path = useMemo(() => playbackPoints(track.data?.points ?? []), [track.data]);
  const place = { lng: alarm.longitude, lat: alarm.latitude };
  const facts: [string, string][] = [
    [t('alarm.type'), t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })],
    [t('alarm.level'), t(`alarm.levelName.${alarm.level}`)],
    [t('alarm.startedAt'), cstTime(alarm.startedAt)],
    [t('alarm.endedAt'), alarm.endedAt ? cstTime(alarm.endedAt) : t('alarm.ongoing')],
    [t('alarm.speed'), `${alarm.maxSpeedKmh || alarm.speedKmh} km/h`],
    [t('geo.place'), alarm.place || t('geo.none')],
    [`${t('alarm.place')}（${t(LNG_LAT_LABEL_KEY)}）`, formatLngLat(alarm.longitude, alarm.latitude)],
    [t('alarm.status'), t(`alarm.statusName.${alarm.handleStatus}`)],
  ];
  return (
    <Dialog isOpen onClose={onClose} title={`${alarm.plateCode || alarm.terminalPhone} · ${t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}`} className="of-alarm-detail" style={{ width: 900 }}>
      <DialogBody>
        <div className="of-alarm-detail-top">
          <HTMLTable compact className="of-alarm-detail-facts">
            <tbody>
              {facts.map(([label, value]) => (
                <tr key={label}>
                  <th>{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <div className="of-alarm-detail-map" data-points={path.length}>
            <MapView>
              <TrackLayer path={path.length ? path : [place]} head={place} fitOnChange />
            </MapView>
          </div>
        </div>
        {alarm.blindArea ? <Tag minimal>{t('alarm.blindArea')}</Tag> : null}
        <EvidenceList alarmId={alarm.id} />
        {alarm.detail && (
          <details>
            <summary>{t('alarm.rawDetail')}</summary>
            <RecordRows record={alarm.detail} />
          </details>
        )}
      </DialogBody>
    </Dialog>
  );
}
