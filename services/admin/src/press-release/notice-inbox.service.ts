import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { InboxNotice, NoticeInbox, NoticeLevel } from '@openfleet/contracts';
import { Brackets, In, IsNull, type Repository, type SelectQueryBuilder } from 'typeorm';
import { NoticeChannel, NoticeStatus, SystemNotice } from '../notice/notice.entity';
import { NoticeReceipt } from './notice-receipt.entity';

/** Notices the bell lists at most. */
const INBOX_SIZE = 50;

/**
 * The signed-in user's press releases (the header's bell): those published to the user, whose publish
 * time has come and that have not expired or been withdrawn. Only the user's own receipts are read
 * or written, so no other user's notice can ever show.
 */
@Injectable()
export class NoticeInboxService {
  constructor(
    @InjectRepository(NoticeReceipt, 'admin') private readonly receipts: Repository<NoticeReceipt>,
    @InjectRepository(SystemNotice, 'admin') private readonly notices: Repository<SystemNotice>,
  ) {}

  async inbox(user: AuthUser): Promise<NoticeInbox> {
    const rows = await this.visible(user).orderBy('r.readAt IS NULL', 'DESC').addOrderBy('n.publishedAt', 'DESC').addOrderBy('n.id', 'DESC').limit(INBOX_SIZE).getRawMany<Record<string, unknown>>();
    const unread = await this.visible(user).andWhere('r.readAt IS NULL').getCount();
    const notices: InboxNotice[] = rows.map((row) => ({
      id: Number(row.id),
      title: String(row.title),
      content: String(row.content),
      level: Number(row.level) as NoticeLevel,
      publishedAt: Number(row.publishedAt),
      expiresAt: row.expiresAt === null || row.expiresAt === undefined ? null : Number(row.expiresAt),
      author: String(row.author ?? ''),
      readAt: row.readAt === null || row.readAt === undefined ? null : Number(row.readAt),
    }));
    return { unread, notices };
  }

  /** Marks the listed notices (or every visible one) read; answers how many changed. */
  async markRead(user: AuthUser, ids?: number[]): Promise<number> {
    const visibleIds = (await this.visible(user).andWhere('r.readAt IS NULL').getRawMany<{ id: unknown }>()).map((row) => Number(row.id));
    const chosen = ids ? visibleIds.filter((id) => ids.includes(id)) : visibleIds;
    if (!chosen.length) return 0;
    const result = await this.receipts.update({ userId: Number(user.id), noticeId: In(chosen), readAt: IsNull() }, { readAt: Date.now() });
    return result.affected ?? chosen.length;
  }

  private visible(user: AuthUser): SelectQueryBuilder<NoticeReceipt> {
    const now = Date.now();
    return this.receipts
      .createQueryBuilder('r')
      .innerJoin(SystemNotice, 'n', 'n.id = r.noticeId')
      .select('n.id', 'id')
      .addSelect('n.title', 'title')
      .addSelect('n.content', 'content')
      .addSelect('n.level', 'level')
      .addSelect('n.publishedAt', 'publishedAt')
      .addSelect('n.expiresAt', 'expiresAt')
      .addSelect('n.author', 'author')
      .addSelect('r.readAt', 'readAt')
      .where('r.userId = :user', { user: Number(user.id) })
      .andWhere('n.channel = :channel AND n.status = :published', { channel: NoticeChannel.PRESS_RELEASE, published: NoticeStatus.PUBLISHED })
      .andWhere('n.publishedAt <= :now', { now })
      .andWhere(new Brackets((where) => where.where('n.expiresAt IS NULL').orWhere('n.expiresAt > :now', { now })));
  }
}
