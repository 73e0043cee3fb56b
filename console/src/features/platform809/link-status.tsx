import { useMemo } from 'react';
import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLookupQuery } from '../table-screen/resource-api';
import type { LinkStatus } from './platform-form';

const MAIN_INTENT: Record<LinkStatus['main'], Intent> = { online: 'success', connecting: 'warning', 'logging-in': 'warning', waiting: 'warning', refused: 'danger', stopped: 'none' };

export type LinkStatusMap = ReadonlyMap<number, LinkStatus>;

/** Every platform's link state, refreshed every 5 s. */
export function useLinkStatus(skip = false): LinkStatusMap {
  const { data } = useLookupQuery({ url: 'platform809/platforms/status', tag: 'UpperPlatform' }, { pollingInterval: 5000, skip });
  // The same map while the answer is unchanged (RTK Query keeps the reference), so tables re-render only on news.
  return useMemo(() => new Map(((data as LinkStatus[] | undefined) ?? []).map((status) => [status.platformId, status])), [data]);
}

export function LinkTags({ status }: { readonly status?: LinkStatus }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <span data-testid={`link-${status.platformId}`}>
      <Tag minimal intent={MAIN_INTENT[status.main]}>{t('platform809.main')}: {t(`platform809.state.${status.main}`)}</Tag>{' '}
      <Tag minimal intent={status.slave === 'online' ? 'success' : 'none'}>{t('platform809.slave')}: {t(`platform809.state.${status.slave}`)}</Tag>
    </span>
  );
}
