import { HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import type { CertificationCheckStatus, CertificationCheckView } from '@openfleet/contracts/industry';
import { formatChinaTime } from '@openfleet/contracts/time';
import { useTranslation } from 'react-i18next';

const INTENT: Record<CertificationCheckStatus, Intent> = { pending: 'none', passed: 'success', failed: 'danger', skipped: 'warning' };

/** The name of a check: 808 and 32960 checks by code, one per information unit ("unit08"). */
export function useCheckName() {
  const { t } = useTranslation();
  return (code: string) => (code.startsWith('unit') ? t('certification.check.unit', { id: `0x${code.slice(4).toUpperCase()}` }) : t(`certification.check.${code}`));
}

/** Every check of a test: its state, the frames that satisfied it and the evidence (frame time, field, value). */
export function CheckTable({ checks }: { readonly checks: readonly CertificationCheckView[] }) {
  const { t } = useTranslation();
  const name = useCheckName();
  return (
    <HTMLTable compact striped className="of-certification-checks">
      <thead>
        <tr>
          <th>{t('certification.check')}</th>
          <th>{t('certification.result')}</th>
          <th>{t('certification.seen')}</th>
          <th>{t('certification.evidenceAt')}</th>
          <th>{t('certification.evidence')}</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => (
          <tr key={check.code} data-check={check.code} data-status={check.status}>
            <td>{name(check.code)}</td>
            <td>
              <Tag minimal intent={INTENT[check.status]}>{t(`certification.checkStatus.${check.status}`)}</Tag>
            </td>
            <td>{check.seen}</td>
            <td>{check.evidence ? formatChinaTime(check.evidence.at) : '—'}</td>
            <td className="of-certification-evidence">{check.evidence ? `${check.evidence.field} = ${check.evidence.value}${check.evidence.note ? ` (${check.evidence.note})` : ''}` : '—'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
