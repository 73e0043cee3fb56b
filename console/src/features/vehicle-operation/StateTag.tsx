import { Tag, type Intent } from '@blueprintjs/core';
import type { TermState } from '@openfleet/contracts/vehicle-service';
import type { TFunction } from 'i18next';

const INTENT: Record<TermState, Intent> = { none: 'none', upcoming: 'primary', active: 'success', expiring: 'warning', expired: 'danger' };

/** A contract or service term's state, highlighted when it ends within 30 days or is over. */
export function StateTag({ state, daysLeft, t }: { state: TermState; daysLeft: number | null; t: TFunction }) {
  if (state === 'none') return <span>—</span>;
  const days = state === 'expiring' ? ` (${t('operationPage.daysLeft', { count: daysLeft ?? 0 })})` : '';
  return (
    <Tag minimal={state !== 'expired'} intent={INTENT[state]} data-state={state}>
      {t(`operationPage.state.${state}`)}
      {days}
    </Tag>
  );
}
