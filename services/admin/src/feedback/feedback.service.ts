import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { FEEDBACK_IMAGE_MAX_BYTES, type FeedbackStatus as FeedbackStatusCode, type FeedbackType, type FeedbackView, type MyFeedback } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { FileStore, StoredFile } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import type { Page } from '../common/paging.dto';
import { applyScope, rowInScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { User } from '../user/user.entity';
import type { FeedbackQueryDto, ReplyFeedbackDto, SubmitFeedbackDto } from './dto/feedback.dto';
import { Feedback, FeedbackStatus } from './feedback.entity';
import { CONTENT_TYPE_OF_EXT, FEEDBACK_FILE_STORE, imageKind } from './feedback-image';

/** The caller's own feedback a list shows at most. */
const MINE_SIZE = 50;

export function feedbackView(row: Feedback): FeedbackView {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    account: row.account,
    source: row.source,
    type: row.type as FeedbackType,
    content: row.content,
    contact: row.contact,
    hasImage: row.imageKey !== '',
    status: row.status as FeedbackStatusCode,
    reply: row.reply,
    repliedBy: row.repliedBy,
    repliedAt: row.repliedAt,
    replyUnread: row.replyUnread === 1,
    createdAt: row.createdAt,
  };
}

/**
 * Feedback: any signed-in user submits (with an optional screenshot) and reads their own, with the
 * replies they have not seen marked. Operators list what their scope covers (feedback:search);
 * only the platform owner's operators (the root company) reply and close (feedback:modify).
 */
@Injectable()
export class FeedbackService {
  constructor(
    @InjectRepository(Feedback, 'admin') private readonly feedback: Repository<Feedback>,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @Inject(FEEDBACK_FILE_STORE) private readonly files: FileStore,
    private readonly companies: CompanyService,
    private readonly permissions: PermissionCache,
  ) {}

  async submit(user: AuthUser, dto: SubmitFeedbackDto, image?: Buffer): Promise<FeedbackView> {
    const submitter = await this.users.findOne({ where: { id: Number(user.id) } });
    if (!submitter) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    let imageKey = '';
    if (image?.length) {
      if (image.length > FEEDBACK_IMAGE_MAX_BYTES) throw new AppError(ErrorCode.UPLOAD_FILE_TOO_LARGE, { data: '2MB' });
      const kind = imageKind(image);
      if (!kind) throw new AppError(ErrorCode.UPLOAD_FILE_TYPE_INVALID, { data: 'png, jpg, gif, webp' });
      imageKey = `${new Date().getUTCFullYear()}/${randomUUID()}.${kind.ext}`;
      await this.files.put(imageKey, image);
    }
    const row = await this.feedback.save(
      this.feedback.create({
        companyId: submitter.companyId,
        companyPath: submitter.companyPath,
        userId: submitter.id,
        account: submitter.account,
        source: dto.source ?? 'console',
        type: dto.type,
        content: dto.content.trim(),
        contact: dto.contact?.trim() ?? '',
        imageKey,
        status: FeedbackStatus.OPEN,
        reply: null,
        repliedBy: '',
        repliedAt: null,
        replyUnread: 0,
        createdAt: Date.now(),
      }),
    );
    return feedbackView(row);
  }

  async mine(user: AuthUser): Promise<MyFeedback> {
    const rows = await this.feedback.find({ where: { userId: Number(user.id) }, order: { id: 'DESC' }, take: MINE_SIZE });
    const unread = await this.feedback.count({ where: { userId: Number(user.id), replyUnread: 1 } });
    return { unread, records: rows.map(feedbackView) };
  }

  /** The submitter has seen the replies. */
  async markMineRead(user: AuthUser): Promise<number> {
    return (await this.feedback.update({ userId: Number(user.id), replyUnread: 1 }, { replyUnread: 0 })).affected ?? 0;
  }

  async page(user: AuthUser, query: FeedbackQueryDto): Promise<Page<FeedbackView>> {
    const [rows, total] = await this.filtered(user, query).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: rows.map(feedbackView), total, current: query.current, size: query.size };
  }

  filtered(user: AuthUser, query: FeedbackQueryDto): SelectQueryBuilder<Feedback> {
    const builder = applyScope(this.feedback.createQueryBuilder('f'), 'f', user).orderBy('f.id', 'DESC');
    if (query.status !== undefined) builder.andWhere('f.status = :status', { status: query.status });
    if (query.type !== undefined) builder.andWhere('f.type = :type', { type: query.type });
    if (query.startTime !== undefined) builder.andWhere('f.createdAt >= :start', { start: query.startTime });
    if (query.endTime !== undefined) builder.andWhere('f.createdAt <= :end', { end: query.endTime });
    if (query.keyword) builder.andWhere('(f.content LIKE :kw OR f.account LIKE :kw OR f.contact LIKE :kw)', { kw: `%${query.keyword}%` });
    return builder;
  }

  async get(user: AuthUser, id: number): Promise<Feedback> {
    const row = await applyScope(this.feedback.createQueryBuilder('f'), 'f', user).andWhere('f.id = :id', { id }).getOne();
    if (!row) throw new AppError(ErrorCode.NO_PERMISSION);
    return row;
  }

  async reply(user: AuthUser, id: number, dto: ReplyFeedbackDto): Promise<FeedbackView> {
    await this.assertPlatformOwner(user);
    const row = await this.get(user, id);
    if (row.status === FeedbackStatus.CLOSED) throw new AppError(ErrorCode.CONFLICT, { detail: 'the feedback is closed' });
    const replier = await this.users.findOne({ where: { id: Number(user.id) } });
    Object.assign(row, { reply: dto.reply.trim(), repliedBy: replier?.account ?? '', repliedAt: Date.now(), replyUnread: 1, status: dto.close ? FeedbackStatus.CLOSED : FeedbackStatus.REPLIED });
    return feedbackView(await this.feedback.save(row));
  }

  async close(user: AuthUser, id: number): Promise<FeedbackView> {
    await this.assertPlatformOwner(user);
    const row = await this.get(user, id);
    if (row.status === FeedbackStatus.CLOSED) throw new AppError(ErrorCode.CONFLICT, { detail: 'the feedback is already closed' });
    row.status = FeedbackStatus.CLOSED;
    return feedbackView(await this.feedback.save(row));
  }

  /** The screenshot: for its submitter, or an operator who may list the feedback. */
  async image(user: AuthUser, id: number): Promise<{ file: StoredFile | undefined; contentType: string; name: string }> {
    const row = await this.feedback.findOne({ where: { id } });
    const allowed = row && (row.userId === Number(user.id) || (rowInScope(row, user) && this.permissions.allows(user, ['feedback:search'])));
    if (!row || !allowed) throw new AppError(ErrorCode.NO_PERMISSION);
    if (!row.imageKey) throw new AppError(ErrorCode.NOT_FOUND);
    const ext = row.imageKey.split('.').pop() ?? '';
    return { file: await this.files.open(row.imageKey), contentType: CONTENT_TYPE_OF_EXT[ext] ?? 'application/octet-stream', name: `feedback-${row.id}.${ext}` };
  }

  /** Replies come from the platform owner: the company at the root of the tree. */
  private async assertPlatformOwner(user: AuthUser): Promise<void> {
    if (user.superAdmin) return;
    const company = await this.companies.getVisible(user, Number(user.companyId));
    if (company.parentId !== null) throw new AppError(ErrorCode.NO_PERMISSION);
  }
}
