import { HTMLTable, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { DutyCheckLog, SupervisionLog } from './InboundLogs';
import { LinkTags, useLinkStatus, type LinkStatusMap } from './link-status';

/** /index/platform: the superior platforms' links, the duty-check log and the supervision to answer. */
export default function PlatformLinkScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const status = useLinkStatus();
  const names = new Map([...status.values()].map((s) => [s.platformId, s.name]));
  return (
    <Tabs id="platform809" renderActiveTabPanelOnly>
      <Tab id="links" title={t('platform809.link')} panel={<LinkTable status={status} />} />
      <Tab id="checks" title={t('platform809.dutyChecks')} panel={<DutyCheckLog names={names} />} />
      <Tab id="supervision" title={t('platform809.supervisions')} panel={<SupervisionLog names={names} />} />
    </Tabs>
  );
}

function LinkTable({ status: map }: { readonly status: LinkStatusMap }) {
  const { t } = useTranslation();
  const status = [...map.values()];
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
