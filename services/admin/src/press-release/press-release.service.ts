import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics, type NoticeAudience, type NoticeLevel, type PressReleaseReceipts, type PressReleaseView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS } from '@openfleet/service-kit';
import { In, IsNull, LessThanOrEqual, type Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import type { Page, PageQueryDto } from '../common/paging.dto';
import { CompanyService } from '../company/company.service';
import { NoticeChannel, NoticeStatus, SystemNotice } from '../notice/notice.entity';
import { Role } from '../role/role.entity';
import { User } from '../user/user.entity';
import type { CreatePressReleaseDto, UpdatePressReleaseDto } from './dto/press-release.dto';
import { audienceUsers, checkAudience, idsOf, idsText } from './notice-audience';
import { NoticeDelivery, NoticeReceipt } from './notice-receipt.entity';

/** How often scheduled press releases are looked for (their publish time reached: push them). */
const SCHEDULE_SWEEP_MS = 15_000;
/** Receipts inserted per statement. */
const RECEIPT_CHUNK = 500;

/**
 * pressRelease: notices to console users with read receipts, stored as system notices of channel 1.
 * Drafts are edited freely; publishing resolves the audience to its users once (their receipts), and
 * tells their sockets through admin.notice-published.v1 (at once, or when a scheduled publish time
 * comes). A published one is locked (423) until withdrawn; withdrawn, it leaves every inbox.
 */
@Injectable()
export class PressReleaseService extends CatalogueService<SystemNotice> implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PressReleaseService.name);
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(SystemNotice, 'admin') repo: Repository<SystemNotice>,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @InjectRepository(Role, 'admin') private readonly roles: Repository<Role>,
    @InjectRepository(NoticeReceipt, 'admin') private readonly receipts: Repository<NoticeReceipt>,
    @InjectRepository(NoticeDelivery, 'admin') private readonly deliveries: Repository<NoticeDelivery>,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    companies: CompanyService,
  ) {
    super(repo, { alias: 'notice', keywordColumns: ['title', 'content'], filters: ['status', 'level'], uniqueKeys: [], perCompany: true }, companies);
  }

  onModuleInit(): void {
    // On every replica, no lease: a notice is claimed (pushed_at IS NULL -> now) before it is pushed, so it is pushed once.
    this.sweepTimer = setInterval(() => void this.pushDue().catch((error: Error) => this.logger.warn(`scheduled notices: ${error.message}`)), SCHEDULE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  override scoped(user: AuthUser) {
    return super.scoped(user).andWhere('notice.channel = :pressRelease', { pressRelease: NoticeChannel.PRESS_RELEASE });
  }

  override async page(user: AuthUser, query: PageQueryDto & Record<string, unknown>): Promise<Page<SystemNotice>> {
    const page = await super.page(user, query);
    return { ...page, records: (await this.views(page.records)) as unknown as SystemNotice[] };
  }

  async view(user: AuthUser, id: number): Promise<PressReleaseView> {
    return (await this.views([await this.get(user, id)]))[0];
  }

  override async create(user: AuthUser, dto: CreatePressReleaseDto): Promise<SystemNotice> {
    const { audienceIds, publishAt, ...fields } = dto;
    await checkAudience(user, dto.audience, audienceIds ?? [], this.deps());
    this.checkTimes(publishAt, dto.expiresAt);
    return super.create(user, {
      ...fields,
      audienceIds: idsText(audienceIds),
      channel: NoticeChannel.PRESS_RELEASE,
      level: dto.level ?? 0,
      // A draft keeps its scheduled publish time here; publishing sets the real one.
      publishedAt: publishAt ?? null,
      expiresAt: dto.expiresAt ?? null,
      status: NoticeStatus.DRAFT,
      author: await this.accountOf(user),
      updatedAt: Date.now(),
    });
  }

  override async update(user: AuthUser, id: number, dto: UpdatePressReleaseDto): Promise<SystemNotice> {
    const current = await this.get(user, id);
    if (current.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.LOCKED, { detail: 'withdraw the notice before editing it' });
    const { audienceIds, publishAt, ...fields } = dto;
    const audience = (dto.audience ?? current.audience) as NoticeAudience;
    const ids = audienceIds ?? (dto.audience && dto.audience !== current.audience ? [] : idsOf(current.audienceIds));
    await checkAudience(user, audience, ids, this.deps());
    this.checkTimes(publishAt ?? current.publishedAt ?? undefined, dto.expiresAt ?? current.expiresAt ?? undefined);
    return super.update(user, id, {
      ...fields,
      audienceIds: idsText(ids),
      ...(publishAt !== undefined ? { publishedAt: publishAt } : {}),
      author: await this.accountOf(user),
      updatedAt: Date.now(),
    });
  }

  protected override async beforeRemove(row: SystemNotice): Promise<void> {
    if (row.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.LOCKED, { detail: 'withdraw the notice before deleting it' });
    await this.receipts.delete({ noticeId: row.id });
    await this.deliveries.delete({ noticeId: row.id });
  }

  /** Resolves the audience to its users (receipts), then tells their sockets if the publish time has come. */
  async publish(user: AuthUser, id: number): Promise<PressReleaseView> {
    const notice = await this.get(user, id);
    if (notice.status === NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.CONFLICT, { detail: 'the notice is already published' });
    const now = Date.now();
    if (notice.expiresAt !== null && notice.expiresAt <= now) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'expiresAt' });
    const targets = await audienceUsers(notice, this.users, this.companies!, user);
    const known = new Set((await this.receipts.find({ where: { noticeId: id }, select: { userId: true } })).map((r) => r.userId));
    const fresh = targets.filter((target) => !known.has(target.id)).map((target) => ({ noticeId: id, userId: target.id, companyId: target.companyId, readAt: null }));
    for (let i = 0; i < fresh.length; i += RECEIPT_CHUNK) await this.receipts.insert(fresh.slice(i, i + RECEIPT_CHUNK));
    const scheduled = notice.status === NoticeStatus.DRAFT && notice.publishedAt !== null && notice.publishedAt > now;
    await this.repo.update({ id }, { status: NoticeStatus.PUBLISHED, publishedAt: scheduled ? notice.publishedAt : now, pushedAt: null, updatedAt: now });
    await this.pushDue(id);
    return this.view(user, id);
  }

  async withdraw(user: AuthUser, id: number): Promise<PressReleaseView> {
    const notice = await this.get(user, id);
    if (notice.status !== NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.CONFLICT, { detail: 'only a published notice can be withdrawn' });
    await this.repo.update({ id }, { status: NoticeStatus.WITHDRAWN, updatedAt: Date.now() });
    return this.view(user, id);
  }

  /** Who was targeted and who read it when; the vehicles it was sent to and their terminals' answers. */
  async receiptsOf(user: AuthUser, id: number): Promise<PressReleaseReceipts> {
    const notice = await this.get(user, id);
    const rows = await this.receipts.find({ where: { noticeId: notice.id }, order: { readAt: 'DESC', userId: 'ASC' } });
    const people = rows.length ? await this.users.find({ where: { id: In(rows.map((r) => r.userId)) }, select: { id: true, account: true, name: true } }) : [];
    const byId = new Map(people.map((person) => [person.id, person]));
    const vehicles = await this.deliveries.find({ where: { noticeId: notice.id }, order: { id: 'ASC' } });
    const read = rows.filter((row) => row.readAt !== null).length;
    return {
      targeted: rows.length,
      read,
      unread: rows.length - read,
      users: rows.map((row) => ({ userId: row.userId, account: byId.get(row.userId)?.account ?? '', name: byId.get(row.userId)?.name ?? '', companyId: row.companyId, readAt: row.readAt })),
      vehicles: vehicles.map(({ vehicleId, plateCode, status, errorCode, sentAt, answeredAt }) => ({ vehicleId, plateCode, status, errorCode, sentAt, answeredAt })),
    };
  }

  /**
   * Pushes published press releases whose time has come and that were not pushed yet (one, or all):
   * the guarded update lets one instance push each notice once.
   */
  async pushDue(onlyId?: number): Promise<void> {
    const now = Date.now();
    const due = await this.repo.find({
      where: { ...(onlyId ? { id: onlyId } : {}), channel: NoticeChannel.PRESS_RELEASE, status: NoticeStatus.PUBLISHED, pushedAt: IsNull(), publishedAt: LessThanOrEqual(now) },
      take: 100,
    });
    for (const notice of due) {
      const claimed = await this.repo.update({ id: notice.id, pushedAt: IsNull() }, { pushedAt: now });
      if (!claimed.affected) continue;
      const userIds = (await this.receipts.find({ where: { noticeId: notice.id, readAt: IsNull() }, select: { userId: true } })).map((r) => String(r.userId));
      if (!userIds.length) continue;
      await this.bus.publish(Topics.noticePublished, {
        key: String(notice.id),
        value: { noticeId: notice.id, title: notice.title, level: notice.level as NoticeLevel, publishedAt: notice.publishedAt ?? now, userIds },
      });
    }
  }

  private async views(rows: SystemNotice[]): Promise<PressReleaseView[]> {
    const ids = rows.map((row) => row.id);
    const counts = ids.length
      ? await this.receipts
          .createQueryBuilder('r')
          .select('r.noticeId', 'noticeId')
          .addSelect('COUNT(*)', 'targeted')
          .addSelect('SUM(CASE WHEN r.readAt IS NULL THEN 0 ELSE 1 END)', 'read')
          .where('r.noticeId IN (:...ids)', { ids })
          .groupBy('r.noticeId')
          .getRawMany<{ noticeId: string | number; targeted: string | number; read: string | number | null }>()
      : [];
    const byNotice = new Map(counts.map((c) => [Number(c.noticeId), { targeted: Number(c.targeted), read: Number(c.read ?? 0) }]));
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      title: row.title,
      content: row.content,
      level: row.level as NoticeLevel,
      audience: row.audience as NoticeAudience,
      audienceIds: idsOf(row.audienceIds),
      status: row.status,
      publishedAt: row.publishedAt,
      expiresAt: row.expiresAt,
      author: row.author,
      updatedAt: row.updatedAt,
      ...(byNotice.get(row.id) ?? { targeted: 0, read: 0 }),
    }));
  }

  private checkTimes(publishAt: number | undefined, expiresAt: number | undefined): void {
    if (expiresAt !== undefined && expiresAt <= Math.max(publishAt ?? 0, Date.now())) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'expiresAt' });
  }

  private deps() {
    return { companies: this.companies!, roles: this.roles, users: this.users };
  }

  private async accountOf(user: AuthUser): Promise<string> {
    return (await this.users.findOne({ where: { id: Number(user.id) } }))?.account ?? '';
  }
}
