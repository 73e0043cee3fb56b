import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam, type FileStore, type Page } from '@openfleet/service-kit';
import { Between, In, type Repository } from 'typeorm';
import { rowInScope, whereInScope } from '@openfleet/storage';
import type { InstructionOrder } from '../order/instruction-order.entity';
import type { MediaPageQueryDto } from './media.dto';
import { MediaFile } from './media-file.entity';
import { MEDIA_STORE } from './media-file.entity';

/** Uploads that follow a stored-media upload command arrive within this window after it was sent. */
const UPLOAD_WINDOW_MS = 10 * 60_000;

export type MediaView = MediaFile & { url: string };

const view = (file: MediaFile): MediaView => ({ ...file, url: `/gps/sendOrder/media/${file.id}/file` });

@Injectable()
export class MediaService {
  constructor(
    @InjectRepository(MediaFile, 'instruction') private readonly files: Repository<MediaFile>,
    @Inject(MEDIA_STORE) private readonly store: FileStore,
  ) {}

  /** The media an order produced: a photo's ids from its 0x0805 reply, uploads that followed 0x8803/0x8805. */
  async forOrder(order: InstructionOrder): Promise<MediaView[]> {
    if (!order.sentAt) return [];
    const window = Between(order.sentAt - 1000, order.sentAt + UPLOAD_WINDOW_MS);
    if (order.msgId === '0x8801') {
      const ids = ((order.replyBody?.mediaIds as number[] | undefined) ?? []).filter((id) => Number.isSafeInteger(id));
      if (!ids.length) return [];
      return (await this.files.find({ where: { terminalPhone: order.terminalPhone, mediaId: In(ids), receivedAt: window }, order: { id: 'ASC' } })).map(view);
    }
    if (order.msgId === '0x8805')
      return (await this.files.find({ where: { terminalPhone: order.terminalPhone, mediaId: Number(order.params.mediaId), receivedAt: window } })).map(view);
    if (order.msgId === '0x8803') return (await this.files.find({ where: { terminalPhone: order.terminalPhone, receivedAt: window }, order: { id: 'ASC' }, take: 200 })).map(view);
    return [];
  }

  async page(user: AuthUser, query: MediaPageQueryDto): Promise<Page<MediaView>> {
    const builder = this.files.createQueryBuilder('m').where('1 = 1');
    if (query.vehicleId) builder.andWhere('m.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.mediaType !== undefined) builder.andWhere('m.media_type = :mediaType', { mediaType: query.mediaType });
    if (query.startTime) builder.andWhere('m.received_at >= :from', { from: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) builder.andWhere('m.received_at <= :to', { to: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    const [records, total] = await whereInScope(builder, user, 'm', { vehicleColumn: 'vehicle_id' })
      .orderBy('m.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: records.map(view), total, current: query.current, size: query.size };
  }

  /** The bytes of a media item the caller may see (8002-style silence otherwise: 7112 not found). */
  async open(user: AuthUser, id: number) {
    const file = await this.files.findOneBy({ id });
    if (!file || !rowInScope(user, file)) throw new AppError(ErrorCode.INSTRUCTION_NOT_FOUND, { data: id });
    const opened = await this.store.open(file.path);
    if (!opened) throw new AppError(ErrorCode.INSTRUCTION_NOT_FOUND, { data: id });
    return { file, ...opened };
  }
}
