import { Callout, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useGranted } from '../access/granted';
import type { ScreenProps } from '../access/screen-props';
import { ProfilesCard, type ProfileCodes } from '../cold-chain/ProfilesCard';
import '../cold-chain/cold-chain.css';

/** The page's own codes; the API also takes the monitor's coldChainMonitor:modify (docs/industry.md). */
const PROTOCOL_CODES: ProfileCodes = { add: 'protocolM:add', modify: 'protocolM:modify', delete: 'protocolM:delete' };

/**
 * /index/protocolM: per terminal model, how its 0x0200 extras are laid out. The first section is the
 * cold-chain probe profiles; vendor profiles of other extras are to follow (docs/console.md).
 */
export default function ProtocolProfileScreen({ power }: ScreenProps) {
  const { t } = useTranslation();
  // Reading profiles needs protocolM:search here, or the monitor's grant (a 403 would sign the user out, spec §8).
  const monitorViewer = useGranted('coldChainMonitor:search');
  const canSearch = power.includes('protocolM:search') || monitorViewer;
  return (
    <div className="of-protocol-profiles">
      <H4>{t('protocolProfile.title')}</H4>
      <p className="of-cold-hint">{t('protocolProfile.intro')}</p>
      {canSearch ? <ProfilesCard codes={PROTOCOL_CODES} /> : <Callout intent="warning">{t('protocolProfile.noSearch')}</Callout>}
    </div>
  );
}
