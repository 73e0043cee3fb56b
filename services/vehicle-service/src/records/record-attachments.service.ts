import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { RECORD_ATTACHMENT_LIMITS, type RecordAttachment } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { safeFileName, type FileStore, type StoredFile } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { In, type DataSource } from 'typeorm';
import { attachmentTypeOf } from './attachment-type';
import { RecordAttachmentEntity } from './record.entities';
import type { RecordKindSpec } from './record-kinds';
import { RecordsService } from './records.service';

/** Where record attachments are kept: DATA_DIR/record-attachments (a volume every instance mounts in cluster mode). */
export const RECORD_FILE_STORE = Symbol('RECORD_FILE_STORE');

/** An uploaded file as multer hands it over. */
export interface UploadedAttachment {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Photos and PDFs of a record (a policy, a fine, an accident report): type checked by the first
 * bytes and the extension, at most 2 MB each and 10 per record, stored under a random key (never
 * the uploaded name) and served through sendStoredFile, so a file gone from the disk answers 1006.
 */
@Injectable()
export class RecordAttachmentsService {
  constructor(
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    @Inject(RECORD_FILE_STORE) private readonly store: FileStore,
    private readonly records: RecordsService,
  ) {}

  async list(user: AuthUser, spec: RecordKindSpec, recordId: number): Promise<RecordAttachment[]> {
    await this.records.get(user, spec, recordId);
    const rows = await this.repository.find({ where: { kind: spec.kind, recordId }, order: { id: 'ASC' } });
    return rows.map((row) => this.answer(row));
  }

  async upload(user: AuthUser, spec: RecordKindSpec, recordId: number, file: UploadedAttachment): Promise<RecordAttachment> {
    await this.records.get(user, spec, recordId);
    const fileName = safeFileName(utf8Name(file.originalname)) ?? 'attachment';
    const type = attachmentTypeOf(fileName, file.buffer);
    if (!type) throw new AppError(ErrorCode.UPLOAD_FILE_TYPE_INVALID, { data: { accepted: ['jpg', 'png', 'pdf'] } });
    if (file.size > RECORD_ATTACHMENT_LIMITS.maxBytes) throw new AppError(ErrorCode.UPLOAD_FILE_TOO_LARGE, { data: { maxBytes: RECORD_ATTACHMENT_LIMITS.maxBytes } });
    const count = await this.repository.countBy({ kind: spec.kind, recordId });
    if (count >= RECORD_ATTACHMENT_LIMITS.perRecord) throw new AppError(ErrorCode.RECORD_ATTACHMENT_LIMIT, { data: { perRecord: RECORD_ATTACHMENT_LIMITS.perRecord } });
    const storedKey = `${spec.kind}/${recordId}/${randomUUID()}.${type.extension}`;
    await this.store.put(storedKey, file.buffer);
    try {
      const row = await this.repository.save(this.repository.create({ kind: spec.kind, recordId, fileName, contentType: type.contentType, size: file.size, storedKey, createdBy: user.id, createdAt: Date.now() }));
      await this.recount(spec, recordId);
      return this.answer(row);
    } catch (error) {
      await this.store.remove(storedKey);
      throw error;
    }
  }

  /** The attachment's row and its bytes; 1006 when the row or the file is gone. */
  async open(user: AuthUser, spec: RecordKindSpec, recordId: number, attachmentId: number): Promise<{ row: RecordAttachmentEntity; file: StoredFile | undefined }> {
    const row = await this.attachment(user, spec, recordId, attachmentId);
    return { row, file: await this.store.open(row.storedKey) };
  }

  async remove(user: AuthUser, spec: RecordKindSpec, recordId: number, attachmentId: number): Promise<void> {
    const row = await this.attachment(user, spec, recordId, attachmentId);
    await this.repository.delete({ id: row.id });
    await this.recount(spec, recordId);
    await this.store.remove(row.storedKey);
  }

  /** After the records themselves are deleted: their attachments' rows and files. */
  async removeOf(spec: RecordKindSpec, recordIds: number[]): Promise<void> {
    const rows = await this.repository.findBy({ kind: spec.kind, recordId: In(recordIds) });
    if (!rows.length) return;
    await this.repository.delete({ id: In(rows.map((row) => row.id)) });
    await Promise.all(rows.map((row) => this.store.remove(row.storedKey)));
  }

  private async attachment(user: AuthUser, spec: RecordKindSpec, recordId: number, attachmentId: number): Promise<RecordAttachmentEntity> {
    await this.records.get(user, spec, recordId);
    const row = await this.repository.findOneBy({ id: attachmentId, kind: spec.kind, recordId });
    if (!row) throw new AppError(ErrorCode.RECORD_ATTACHMENT_NOT_FOUND, { data: attachmentId });
    return row;
  }

  private async recount(spec: RecordKindSpec, recordId: number): Promise<void> {
    const count = await this.repository.countBy({ kind: spec.kind, recordId });
    await this.dataSource.manager.update(spec.entity, { id: recordId }, { attachmentCount: count });
  }

  private get repository() {
    return this.dataSource.getRepository(RecordAttachmentEntity);
  }

  private answer(row: RecordAttachmentEntity): RecordAttachment {
    return { id: row.id, fileName: row.fileName, contentType: row.contentType as RecordAttachment['contentType'], size: row.size, createdAt: row.createdAt };
  }
}

/** Multer hands a UTF-8 file name over as latin1 text; a name that was latin1 indeed stays as it came. */
function utf8Name(name: string): string {
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? name : decoded;
}
