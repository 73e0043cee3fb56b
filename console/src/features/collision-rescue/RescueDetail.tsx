import { Button, Dialog, DialogBody, FormGroup, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useAuthorizedUrl } from '../../app/use-authorized-url';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { distanceText, nextStatuses, RESCUE_STATUS_INTENT } from './rescue-format';
import { useChangeRescueStatusMutation, useRescueCaseQuery, type RescueCaseDetail } from './rescueApi';
import './rescue.css';
import { Coordinates } from '../formats/Coordinates';
import { OperatorName } from '../operator-names/OperatorName';

type EvidenceFile = NonNullable<RescueCaseDetail['evidence']>['files'][number];

/** One evidence file of the case's alarm: photos inline, the rest as links (files still arriving show their bytes). */
function EvidenceItem({ file }: { file: EvidenceFile }) {
  const { t } = useTranslation();
  const url = useAuthorizedUrl(file.complete ? `/gps/rescue/evidence/${file.id}/file` : null);
  if (!file.complete) return <span className="of-rescue-evidence-pending">{t('alarm.evidence.receiving', { received: file.received, size: file.size })}</span>;
  if (!url) return <Spinner size={20} />;
  if (file.fileType === 0) return <a href={url} download={file.name}><img className="of-rescue-evidence-photo" src={url} alt={file.name} /></a>;
  if (file.fileType === 2) return <video className="of-rescue-evidence-video" controls preload="metadata" src={url} />;
  return <a href={url} download={file.name}>{file.name}</a>;
}

/** The status change: the moves the workflow allows from here, a remark (required for a false alarm). */
function StatusChange({ detail }: { detail: RescueCaseDetail }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [change, { isLoading }] = useChangeRescueStatusMutation();
  const moves = nextStatuses(detail.status);
  if (!moves.length) return null;
  const move = async (status: number) => {
    if (status === 4 && !remark.trim()) return notify('warning', t('rescue.remarkRequired'));
    const result = await change({ id: detail.id, status, remark });
    if ('data' in result) {
      notify('success', t('rescue.moved', { status: t(`rescue.statusName.${status}`) }), 1500);
      setRemark('');
    }
  };
  return (
    <WithPower code="collisionRescue:modify">
      <div className="of-rescue-change">
        <FormGroup label={t('rescue.remark')} labelFor="of-rescue-remark">
          <InputGroup id="of-rescue-remark" value={remark} maxLength={255} onChange={(e) => setRemark(e.currentTarget.value)} />
        </FormGroup>
        {moves.map((status) => (
          <Button key={status} intent={status === 4 ? 'none' : 'primary'} loading={isLoading} className={`of-rescue-move-${status}`} text={t(`rescue.moveTo.${status}`)} onClick={() => void move(status)} />
        ))}
      </div>
    </WithPower>
  );
}

/** A case: the accident's facts and place, the timeline, the evidence, the nearest vehicles the operator may see, and the next steps. */
export function RescueDetail({ caseId, onClose }: { caseId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useRescueCaseQuery(caseId, { pollingInterval: 10_000 });
  return (
    <Dialog isOpen onClose={onClose} title={t('rescue.detailTitle')} className="of-rescue-detail" style={{ width: 860 }}>
      <DialogBody>
        {!data ? (
          <Spinner />
        ) : (
          <div data-status={data.status}>
            <HTMLTable compact className="of-rescue-facts">
              <tbody>
                <tr><th>{t('rescue.plate')}</th><td>{data.plateCode || data.terminalPhone}</td><th>{t('rescue.type')}</th><td>{t(`alarm.kind.${data.type}`, { defaultValue: data.type })}</td></tr>
                <tr><th>{t('rescue.startedAt')}</th><td>{cstTime(data.startedAt)}</td><th>{t('rescue.speed')}</th><td>{data.speedKmh}</td></tr>
                <tr><th>{t('geo.place')}</th><td className="of-rescue-place">{data.place}</td><th>{t('rescue.position')}</th><td><Coordinates lng={data.longitude} lat={data.latitude} /></td></tr>
                <tr><th>{t('rescue.status')}</th><td colSpan={3}><Tag intent={RESCUE_STATUS_INTENT[data.status]}>{t(`rescue.statusName.${data.status}`)}</Tag></td></tr>
              </tbody>
            </HTMLTable>
            <StatusChange detail={data} />
            <h4>{t('rescue.timeline')}</h4>
            <ol className="of-rescue-timeline">
              {data.steps.map((step) => (
                <li key={step.id} data-status={step.status}>
                  <b>{t(`rescue.statusName.${step.status}`)}</b> <span>{cstTime(step.at)}</span> <span className="of-rescue-step-operator">{step.operatorId === 'system' ? t('rescue.system') : <>{t('rescue.operator')}<OperatorName id={step.operatorId} unnamed={t('rescue.operatorUnknown')} /></>}</span>
                  {step.remark && <span className="of-rescue-step-remark">：{step.remark}</span>}
                </li>
              ))}
            </ol>
            <h4>{t('rescue.evidence')}</h4>
            {data.evidence?.files.length ? (
              <div className="of-rescue-evidence">{data.evidence.files.map((file) => <EvidenceItem key={file.id} file={file} />)}</div>
            ) : (
              <p>{t('rescue.noEvidence')}</p>
            )}
            <h4>{t('rescue.nearby')}</h4>
            {data.nearby === null ? (
              <p>{t('rescue.nearbyUnavailable')}</p>
            ) : data.nearby.length === 0 ? (
              <p>{t('rescue.nearbyNone')}</p>
            ) : (
              <HTMLTable compact striped className="of-rescue-nearby">
                <thead><tr><th>{t('rescue.plate')}</th><th>{t('rescue.distance')}</th><th>{t('rescue.online')}</th><th>{t('rescue.gpsTime')}</th></tr></thead>
                <tbody>
                  {data.nearby.map((v) => (
                    <tr key={v.vehicleId}><td>{v.plateCode}</td><td>{distanceText(v.distanceM)}</td><td>{t(v.vehicleStatus === 1 ? 'rescue.onlineYes' : 'rescue.onlineNo')}</td><td>{v.gpsTime ?? ''}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            {isFetching && <Spinner size={16} />}
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}
