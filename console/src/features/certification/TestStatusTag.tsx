import { Tag, type Intent } from '@blueprintjs/core';
import type { CertificationStatus } from '@openfleet/contracts/industry';
import { useTranslation } from 'react-i18next';

const INTENT: Record<CertificationStatus, Intent> = { running: 'primary', passed: 'success', failed: 'danger' };

export function TestStatusTag({ status }: { readonly status: CertificationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={INTENT[status]} className={`of-certification-status-${status}`}>
      {t(`certification.status.${status}`)}
    </Tag>
  );
}
