import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { In, type Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { CompanyService } from '../company/company.service';
import { User } from '../user/user.entity';
import { NoticeChannel, NoticeStatus, SystemNotice } from './notice.entity';

/** Published notices a home screen shows at most. */
const HOME_NOTICES = 20;

/** The company paths from the root down to `path` ("/1/5/9/" -> "/1/", "/1/5/", "/1/5/9/"). */
export function ancestorPaths(path: string): string[] {
  const ids = path.split('/').filter(Boolean);
  return ids.map((_, i) => `/${ids.slice(0, i + 1).join('/')}/`);
}

/**
 * systemNotice: announcements per company. Drafts and withdrawn notices can be edited and deleted;
 * a published one is locked (423) until withdrawn. A transition that does not apply (publishing a
 * published notice, withdrawing a draft) answers 409. Home shows the published notices of the
 * user's company and of every company above it, newest first.
 */
@Injectable()
export class NoticeService extends CatalogueService<SystemNotice> {
  constructor(
    @InjectRepository(SystemNotice, 'admin') repo: Repository<SystemNotice>,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    companies: CompanyService,
  ) {
    super(repo, { alias: 'notice', keywordColumns: ['title', 'content'], filters: ['status'], uniqueKeys: [], perCompany: true }, companies);
  }

  /** Announcements only: press releases share the table and have their own screen (pressRelease). */
  override scoped(user: AuthUser) {
    return super.scoped(user).andWhere('notice.channel = :announcement', { announcement: NoticeChannel.ANNOUNCEMENT });
  }

  override async create(user: AuthUser, dto: object): Promise<SystemNotice> {
    return super.create(user, { ...dto, status: NoticeStatus.DRAFT, publishedAt: null, author: await this.accountOf(user), updatedAt: Date.now() });
  }

  override async update(user: AuthUser, id: number, dto: object): Promise<SystemNotice> {
    await this.editable(user, id);
    return super.update(user, id, { ...dto, author: await this.accountOf(user), updatedAt: Date.now() });
  }

  protected override async beforeRemove(row: SystemNotice): Promise<void> {
    if (row.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.LOCKED, { detail: 'withdraw the notice before deleting it' });
  }

  async publish(user: AuthUser, id: number): Promise<SystemNotice> {
    const notice = await this.get(user, id);
    if (notice.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.CONFLICT, { detail: 'the notice is already published' });
    return this.repo.save({ ...notice, status: NoticeStatus.PUBLISHED, publishedAt: Date.now(), updatedAt: Date.now() });
  }

  async withdraw(user: AuthUser, id: number): Promise<SystemNotice> {
    const notice = await this.get(user, id);
    if (notice.status !== NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.CONFLICT, { detail: 'only a published notice can be withdrawn' });
    return this.repo.save({ ...notice, status: NoticeStatus.WITHDRAWN, updatedAt: Date.now() });
  }

  /** Home: what is published for the user's company, from it or from a company above it. */
  async published(user: AuthUser): Promise<SystemNotice[]> {
    const company = await this.companies!.getVisible(user, Number(user.companyId));
    return this.repo.find({ where: { channel: NoticeChannel.ANNOUNCEMENT, status: NoticeStatus.PUBLISHED, companyPath: In(ancestorPaths(company.companyPath)) }, order: { publishedAt: 'DESC', id: 'DESC' }, take: HOME_NOTICES });
  }

  private async accountOf(user: AuthUser): Promise<string> {
    return (await this.users.findOne({ where: { id: Number(user.id) } }))?.account ?? '';
  }

  private async editable(user: AuthUser, id: number): Promise<void> {
    const notice = await this.get(user, id);
    if (notice.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.LOCKED, { detail: 'withdraw the notice before editing it' });
  }
}
