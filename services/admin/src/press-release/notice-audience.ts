import type { AuthUser } from '@openfleet/auth';
import type { NoticeAudience } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { Brackets, In, type Repository } from 'typeorm';
import { rowInScope } from '../common/scope-filter';
import type { CompanyService } from '../company/company.service';
import type { Role } from '../role/role.entity';
import { type User, UserRole } from '../user/user.entity';

/** The stored form of an audience's ids ("3,7,9"). */
export const idsText = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])].join(',');
export const idsOf = (text: string) => text.split(',').filter(Boolean).map(Number);

/**
 * Refuses an audience the publisher may not address, before it is stored: chosen companies only for
 * super administrators, and every role or user named must be one the publisher sees. Something
 * outside the scope answers 403 exactly like an id that does not exist.
 */
export async function checkAudience(
  user: AuthUser,
  audience: NoticeAudience,
  ids: readonly number[],
  deps: { companies: CompanyService; roles: Repository<Role>; users: Repository<User> },
): Promise<void> {
  if (audience === 'company') {
    if (ids.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'audienceIds' });
    return;
  }
  if (!ids.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'audienceIds' });
  if (audience === 'companies') {
    if (!user.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
    for (const id of ids) await deps.companies.getVisible(user, id);
    return;
  }
  const where = { where: { id: In([...ids]) }, select: { id: true, companyPath: true } } as const;
  const rows: { companyPath: string }[] = audience === 'roles' ? await deps.roles.find(where) : await deps.users.find(where);
  if (rows.length !== new Set(ids).size || rows.some((row) => !rowInScope(row, user))) throw new AppError(ErrorCode.NO_PERMISSION);
}

/**
 * The users a press release reaches, resolved when it is published: under the notice's company for
 * `company`, `roles` and `users` (a role or user moved elsewhere since is left out), under each chosen
 * company for `companies`. Disabled users are left out.
 */
export async function audienceUsers(
  notice: { companyPath: string; audience: string; audienceIds: string },
  users: Repository<User>,
  companies: CompanyService,
  publisher: AuthUser,
): Promise<Pick<User, 'id' | 'companyId'>[]> {
  const ids = idsOf(notice.audienceIds);
  const query = users.createQueryBuilder('u').select(['u.id', 'u.companyId']).where('u.status = 1');
  if (notice.audience === 'companies') {
    const paths: string[] = [];
    for (const id of ids) paths.push((await companies.getVisible(publisher, id)).companyPath);
    query.andWhere(new Brackets((where) => paths.forEach((path, i) => where.orWhere(`u.companyPath LIKE :p${i}`, { [`p${i}`]: `${path}%` }))));
    return query.getMany();
  }
  query.andWhere('u.companyPath LIKE :path', { path: `${notice.companyPath}%` });
  if (notice.audience === 'users') query.andWhere('u.id IN (:...ids)', { ids });
  // Parameters of a subquery are the outer query's: set them there.
  if (notice.audience === 'roles') query.andWhere((outer) => `u.id IN ${outer.subQuery().select('ur.userId').from(UserRole, 'ur').where('ur.roleId IN (:...roleIds)').getQuery()}`).setParameter('roleIds', ids);
  return query.getMany();
}
