import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';

export interface UserName {
  readonly id: string;
  readonly name: string;
  readonly account: string;
}

/** `GET /basic/user-names`: names of users in the caller's scope (another company's ids are left out). */
const userNamesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userNames: build.query<UserName[], string>({
      // Silent: a role without an operator screen, or an old id, shows "unknown user" instead.
      query: (ids) => ({ url: 'basic/user-names', params: { ids }, silent: true }),
    }),
  }),
});

const { useUserNamesQuery } = userNamesApi;

/** Logs keep an operator as a user id: a numeric id is looked up (one cached request per operator). */
export function isUserId(id: string | null | undefined): id is string {
  return typeof id === 'string' && /^\d{1,18}$/.test(id);
}

/** Who a log names when it is no user of the caller's scope: an automatic source in words, else '' (nobody) or `unnamed`. */
export function operatorFallback(id: string | null | undefined, words: { unnamed: string; system: string; platform809: string; openApi: string }): string {
  if (!id) return '';
  if (id === 'system') return words.system;
  if (id === 'platform809') return words.platform809;
  if (id.startsWith('openapi:')) return words.openApi;
  // A user id the caller cannot see, or a value no screen knows: never shown as it is.
  return words.unnamed;
}

/**
 * 操作人 by name: the user's name (account in the tooltip) where the caller may see the user; an
 * automatic operator (system, the superior platform, an Open API app) in words; otherwise "未知用户"
 * (or `unnamed`). No id is ever shown, and nothing while the name is on its way.
 */
export function OperatorName({ id, unnamed }: { id: string | null | undefined; unnamed?: string }) {
  const { t } = useTranslation();
  const { data, isFetching } = useUserNamesQuery(id ?? '', { skip: !isUserId(id) });
  const user = data?.find((candidate) => candidate.id === id);
  const fallback =
    isUserId(id) && isFetching
      ? ''
      : operatorFallback(id, { unnamed: unnamed ?? t('operatorName.unknown'), system: t('operatorName.system'), platform809: t('operatorName.platform809'), openApi: t('operatorName.openApi') });
  return <span className="of-operator-name" data-user-id={id ?? ''} title={user ? user.account : undefined}>{user?.name ?? fallback}</span>;
}
