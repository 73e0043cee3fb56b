import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { AppVersion } from './app-version.entity';

/** App releases (platform-wide). A new release must carry a higher build number than every other (3006). */
@Injectable()
export class AppVersionService extends CatalogueService<AppVersion> {
  constructor(@InjectRepository(AppVersion, 'admin') repo: Repository<AppVersion>) {
    super(repo, {
      alias: 'appVersion',
      keywordColumns: ['versionName', 'changelog'],
      filters: ['platform'],
      uniqueKeys: [{ columns: ['platform', 'versionName'], code: ErrorCode.APP_VERSION_DUPLICATE }],
      perCompany: false,
    });
  }

  /** The newest release of a platform; 3005 when none was published. */
  async latest(platform: string): Promise<AppVersion> {
    const found = await this.repo.findOne({ where: { platform }, order: { versionCode: 'DESC' } });
    if (!found) throw new AppError(ErrorCode.APP_VERSION_NOT_FOUND);
    return found;
  }

  override async create(user: AuthUser, dto: object): Promise<AppVersion> {
    const { platform, ...fields } = dto as { platform?: string };
    return super.create(user, { ...fields, platform: platform ?? 'android', createdAt: Date.now() });
  }

  protected override async check(_user: AuthUser, row: AppVersion): Promise<void> {
    if (row.id) return;
    const newest = await this.repo.findOne({ where: { platform: row.platform }, order: { versionCode: 'DESC' } });
    if (newest && newest.versionCode >= row.versionCode) throw new AppError(ErrorCode.APP_VERSION_NOT_NEWER, { data: newest.versionCode });
  }
}
