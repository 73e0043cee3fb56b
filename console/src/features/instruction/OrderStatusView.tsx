import { Classes, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { PARAMETER_LABELS } from '@openfleet/contracts/instruction';
import { messageFor } from '@openfleet/errors';
import { useLabel } from './CommandForm';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedUrl } from '../../app/use-authorized-url';
import { useOrderQuery, type InstructionOrder, type MediaItem } from './instructionApi';
import { AvAttributes, ParameterValue } from './VideoValueList';
import { generalReplyOf, messageLabel, msgIdText } from './general-reply';
import { genericValue } from './order-params';
import { ParamValueView, RecordRows } from './ParamRows';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How often a photo order is re-read while its upload is on the way (media arrival has no live event). */
const MEDIA_POLL_MS = 2000;

const INTENT: Record<number, Intent> = { 1: 'success', 2: 'warning', 3: 'danger', 4: 'danger', 5: 'primary', 6: 'none', 7: 'primary', 0: 'none' };

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag intent={INTENT[status] ?? 'none'} minimal={status === 6 || status === 0} className={`of-order-status of-order-status-${status}`}>
      {t(`instruction.status.${status}`)}
    </Tag>
  );
}

/** A photo or recording of an order, fetched with the session token (an <img src> could not send it). */
function MediaView({ item }: { item: MediaItem }) {
  const url = useAuthorizedUrl(item.url);
  if (!url) return <Spinner size={20} />;
  if (item.mediaType === 0) return <a href={url} download={`${item.mediaId}.jpg`}><img className="of-order-photo" src={url} alt={`media ${item.mediaId}`} /></a>;
  return <audio controls src={url} />;
}

/** The reply, shaped where it has a shape (a position, parameters, recorder records), else as JSON. */
function ReplyView({ order }: { order: InstructionOrder }) {
  const { t } = useTranslation();
  const label = useLabel();
  const body = order.replyBody;
  if (!body) return null;
  const location = body.location as { latitude?: number; longitude?: number; time?: string; speed?: number } | undefined;
  const parsed = (body.parsed ?? null) as unknown;
  if (order.replyMsgId === '0x1003') return <AvAttributes attributes={body} />;
  const general = generalReplyOf(order.replyMsgId, body);
  if (general) {
    const name = messageLabel(general.replyId);
    return (
      <p className="of-order-reply of-order-general" data-result={general.result}>
        {t('instruction.generalReply', { message: name ? `${label(name)} (${msgIdText(general.replyId)})` : msgIdText(general.replyId), result: t(`instruction.generalResult.${general.result}`, { defaultValue: String(general.result) }) })}
      </p>
    );
  }
  if (order.replyMsgId === '0x0805') {
    const ids = (body.mediaIds as number[] | undefined) ?? [];
    return <p className="of-order-reply">{t('instruction.reply.photo', { result: t(`instruction.reply.photoResult.${body.result === 0 ? 0 : 1}`), ids: ids.join(', ') || '-' })}</p>;
  }
  return (
    <div className="of-order-reply">
      {location && (
        <p className="of-order-location">
          {t('instruction.reply.location', { lat: location.latitude?.toFixed(6), lng: location.longitude?.toFixed(6), time: location.time ?? '', speed: location.speed ?? 0 })}
        </p>
      )}
      {Array.isArray(body.items) && order.replyMsgId === '0x0104' && (
        <table className={`${Classes.HTML_TABLE} ${Classes.COMPACT} of-order-params`}>
          <tbody>
            {(body.items as { id: number; name?: string; value: unknown }[]).map((item) => (
              <tr key={item.id}>
                <td>0x{item.id.toString(16).padStart(4, '0').toUpperCase()}</td>
                <td>{PARAMETER_LABELS[item.id] ? label(PARAMETER_LABELS[item.id]) : (item.name ?? '')}</td>
                <td>
                  <ParameterValue id={item.id} value={item.value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {parsed !== null && (
        <div className="of-order-reply-rows of-order-parsed">{isRecord(parsed) ? <RecordRows record={parsed} /> : <ParamValueView value={genericValue(parsed)} />}</div>
      )}
      {!location && !(Array.isArray(body.items) && order.replyMsgId === '0x0104') && parsed === null && (
        <div className="of-order-reply-rows">
          <RecordRows record={body} />
        </div>
      )}
    </div>
  );
}

/** Live status of an order (its `instructionOrder` events refetch it), with its reply and media. */
export function OrderStatusView({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const [waitingForMedia, setWaitingForMedia] = useState(false);
  // A photo's upload arrives shortly after its reply and has no event: poll only until the media is there.
  const { data: order } = useOrderQuery(orderId, { pollingInterval: waitingForMedia ? MEDIA_POLL_MS : 0 });
  useEffect(() => {
    if (!order) return;
    setWaitingForMedia(order.msgId === '0x8801' && order.status === 1 && !(order.media?.length) && Date.now() - order.replyAt < 30_000);
  }, [order]);
  if (!order) return <Spinner size={20} />;
  return (
    <div className="of-order-view" data-order-id={orderId} data-status={order.status}>
      <div className="of-order-head">
        <span>{t('instruction.order', { id: order.id, plate: order.plateCode })}</span>
        <StatusTag status={order.status} />
        {order.errorCode > 0 && <span className="of-order-error">{messageFor(order.errorCode, i18n.language === 'en_US' ? 'en_US' : 'zh_CN')}</span>}
      </div>
      <ReplyView order={order} />
      {(order.media ?? []).map((item) => (
        <MediaView key={item.id} item={item} />
      ))}
    </div>
  );
}
