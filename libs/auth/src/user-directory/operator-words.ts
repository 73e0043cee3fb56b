import type { UserDirectoryEntry } from '@openfleet/contracts';
import type { AuthUser } from '../auth-user';

/** The languages exports are written in (the console's two). */
export type OperatorLocale = 'zh_CN' | 'en_US';

/** The console's words for an operator that is no visible user (console/src/i18n operatorName.*). */
export const OPERATOR_WORDS: Readonly<Record<OperatorLocale, { unknown: string; system: string; platform809: string; openApi: string }>> = {
  zh_CN: { unknown: '未知用户', system: '系统', platform809: '上级平台', openApi: '开放接口' },
  en_US: { unknown: 'Unknown user', system: 'System', platform809: 'Superior platform', openApi: 'Open API' },
};

/**
 * True when the caller may read a user's name: a super administrator any, anyone their own name and
 * the users of a granted company's subtree; a user granted fleets or vehicles only, the users of their
 * own company. The rule of admin's `GET /basic/user-names` (its `applyScope` on users).
 */
export function userVisibleTo(caller: AuthUser, user: Pick<UserDirectoryEntry, 'userId' | 'companyId' | 'companyPath'>): boolean {
  if (caller.superAdmin || caller.id === user.userId) return true;
  const companies = caller.scope.companies;
  if (!companies.length) return user.companyId === caller.companyId;
  return user.companyPath.some((id) => companies.includes(id));
}

/**
 * An operator id as an export writes it: the user's name where the caller may see the user (a deleted
 * user's too: it is still who did it), 'system', 'platform809' and 'openapi:<app>' in words, '' for
 * none, and any other value (another company's user, an id nobody knows) "未知用户": never the id.
 */
export function operatorWords(
  operatorId: string | null | undefined,
  lookup: (userId: string) => UserDirectoryEntry | undefined,
  caller: AuthUser,
  locale: OperatorLocale = 'zh_CN',
): string {
  const words = OPERATOR_WORDS[locale];
  if (!operatorId) return '';
  if (operatorId === 'system') return words.system;
  if (operatorId === 'platform809') return words.platform809;
  if (operatorId.startsWith('openapi:')) {
    const app = operatorId.slice('openapi:'.length);
    return app ? `${words.openApi} (${app})` : words.openApi;
  }
  const user = lookup(operatorId);
  return user && user.name && userVisibleTo(caller, user) ? user.name : words.unknown;
}
