import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-registry';
import { LinkTags, useLinkStatus } from './link-status';

/** /index/platform: the live state of every superior platform's links. */
export default function PlatformLinkScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const status = [...useLinkStatus().values()];
  if (!status.length) return <NonIdealState icon="satellite" title={t('platform809.none')} />;
  return (
    <HTMLTable striped compact style={{ width: '100%' }} data-testid="platform-links">
      <thead>
        <tr>
          {['name', 'link', 'loginResult', 'reconnects', 'sent', 'backlog', 'badFrames', 'lastError'].map((key) => (
            <th key={key}>{t(`platform809.${key}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {status.map((s) => (
          <tr key={s.platformId}>
            <td>{s.name}</td>
            <td><LinkTags status={s} /></td>
            <td>{s.loginResult < 0 ? '' : t(`platform809.login.${s.loginResult}`, { defaultValue: String(s.loginResult) })}</td>
            <td>{s.reconnects}</td>
            <td>{s.sent}</td>
            <td>{s.backlog}</td>
            <td>{s.badFrames}</td>
            <td>{s.lastError}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
