import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { FileStore, StoredFile } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { CONTENT_TYPE_OF_EXT, imageKind } from '../feedback/feedback-image';
import { Company } from './company.entity';
import { CompanyService } from './company.service';

/** Token of the company logos' file store (DATA_DIR/company-logos, or a volume every instance mounts). */
export const COMPANY_LOGO_STORE = Symbol('COMPANY_LOGO_STORE');
/** Spec §5/§9: a picture upload is at most 2 MB. */
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** A company's logo: JPEG or PNG by its first bytes (the browser's name and type are not trusted), at most 2 MB. */
@Injectable()
export class CompanyLogoService {
  constructor(
    @InjectRepository(Company, 'admin') private readonly companies: Repository<Company>,
    private readonly visible: CompanyService,
    @Inject(COMPANY_LOGO_STORE) private readonly files: FileStore,
  ) {}

  async upload(user: AuthUser, id: number, bytes: Buffer | undefined): Promise<{ id: number; hasLogo: true }> {
    const company = await this.visible.getVisible(user, id);
    if (!bytes?.length) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'the multipart field "logo" is missing' });
    if (bytes.length > COMPANY_LOGO_MAX_BYTES) throw new AppError(ErrorCode.UPLOAD_FILE_TOO_LARGE, { data: '2MB' });
    const kind = imageKind(bytes);
    if (!kind || (kind.ext !== 'png' && kind.ext !== 'jpg')) throw new AppError(ErrorCode.UPLOAD_FILE_TYPE_INVALID, { data: 'jpg, png' });
    const previous = await this.keyOf(company.id);
    const key = `${company.id}/${randomUUID()}.${kind.ext}`;
    await this.files.put(key, bytes);
    await this.companies.update({ id: company.id }, { logoKey: key });
    if (previous) await this.files.remove(previous);
    return { id: company.id, hasLogo: true };
  }

  async open(user: AuthUser, id: number): Promise<{ file: StoredFile; contentType: string }> {
    const company = await this.visible.getVisible(user, id);
    const key = await this.keyOf(company.id);
    const file = key ? await this.files.open(key) : undefined;
    if (!key || !file) throw new AppError(ErrorCode.NOT_FOUND);
    return { file, contentType: CONTENT_TYPE_OF_EXT[key.split('.').pop() ?? ''] ?? 'application/octet-stream' };
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const company = await this.visible.getVisible(user, id);
    const key = await this.keyOf(company.id);
    await this.companies.update({ id: company.id }, { logoKey: null });
    if (key) await this.files.remove(key);
  }

  private async keyOf(id: number): Promise<string | null> {
    const row = await this.companies.createQueryBuilder('company').addSelect('company.logoKey').where('company.id = :id', { id }).getOne();
    return row?.logoKey ?? null;
  }
}
