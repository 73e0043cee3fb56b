import { Callout, Drawer, DrawerSize, Tag } from '@blueprintjs/core';
import type { ArchivedFrame } from '@openfleet/contracts/frame-archive';
import { useTranslation } from 'react-i18next';
import { frameTime, hexLines, msgIdText } from './frame-format';

/** One frame: its bytes and what they decode to, side by side; a bad frame says why first. */
export function FrameDetailPanel({ frame, onClose }: { frame: ArchivedFrame | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={frame !== null} onClose={onClose} size={DrawerSize.LARGE} title={frame ? `${msgIdText(frame)} ${frame.msgName} · ${frameTime(frame.at)}` : ''} className="of-frame-detail">
      {frame && (
        <div className="of-frame-detail-body">
          <p className="of-frame-detail-meta">
            <Tag minimal>{frame.terminalKey}</Tag> <Tag minimal>{t(`frames.direction.${frame.direction}`)}</Tag> <Tag minimal>{t(`frames.protocol.${frame.protocol}`)}</Tag>{' '}
            <Tag minimal>{t('frames.bytes', { count: frame.length })}</Tag> <Tag minimal>{frame.gatewayId}</Tag>
          </p>
          {frame.error && (
            <Callout intent="danger" icon="error" className="of-frame-error" title={t('frames.badFrame')}>
              <code>{frame.error}</code>
              {frame.errorDetail ? ` — ${frame.errorDetail}` : ''}
            </Callout>
          )}
          <div className="of-frame-columns">
            <section>
              <h4>{t('frames.hex')}</h4>
              <pre className="of-frame-hex">{hexLines(frame.hex).join('\n')}</pre>
            </section>
            <section>
              <h4>{t('frames.decoded')}</h4>
              <pre className="of-frame-json">{frame.decoded === null ? t('frames.notDecoded') : JSON.stringify(frame.decoded, null, 2)}</pre>
            </section>
          </div>
        </div>
      )}
    </Drawer>
  );
}
