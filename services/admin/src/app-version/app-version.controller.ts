import { Body, Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { APP_PACKAGE_HARD_LIMIT_BYTES, AppPackageService } from './app-package.service';
import { AppPackageUploadDto } from './dto/app-package.dto';
import { CatalogueController } from '../common/catalogue.controller';
import { AppVersionService } from './app-version.service';
import { AppVersionQueryDto, CreateAppVersionDto, UpdateAppVersionDto } from './dto/app-version.dto';

@ApiTags('app versions')
@Controller('basic/app-version')
export class AppVersionController extends CatalogueController({
  screen: 'appVersion',
  create: CreateAppVersionDto,
  update: UpdateAppVersionDto,
  query: AppVersionQueryDto,
}) {
  constructor(versions: AppVersionService) {
    super(versions);
  }
}

/** The package upload of appVersion: the file first, then the release that names its URL. */
@ApiTags('app versions')
@ApiBearerAuth()
@Controller('basic/app-version-package')
@UseInterceptors(OperationLogInterceptor)
export class AppPackageController {
  constructor(private readonly packages: AppPackageService) {}

  @Post()
  @HttpCode(200)
  @RequiresAction('appVersion:add')
  // Multer stops at the hard cap (413); within it the configured ADMIN_APP_PACKAGE_MAX_MB answers 20005.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: APP_PACKAGE_HARD_LIMIT_BYTES + 1, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Stores an APK or IPA (field "file", a ZIP archive within ADMIN_APP_PACKAGE_MAX_MB): {downloadUrl, size, sha256}; 20004 not a package, 20005 too large' })
  async upload(@CurrentUser() _user: AuthUser, @Body() body: AppPackageUploadDto, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.UPLOAD_FAILED, { data: 'no file' });
    return okEnvelope(await this.packages.upload(body.platform ?? 'android', file.buffer));
  }
}

/** Spec §7: the app asks before anyone signs in, so the call is public. */
@ApiTags('app versions')
@Controller('app/appVersion')
export class AppUpdateController {
  constructor(
    private readonly versions: AppVersionService,
    private readonly packages: AppPackageService,
  ) {}

  @Public()
  @Get('getLastVersionAPK')
  @ApiOperation({ summary: 'Newest Android release: {id, platform, versionName, versionCode, downloadUrl, forceUpdate, changelog, createdAt}; 3005 none' })
  async getLastVersionAPK() {
    return okEnvelope(await this.versions.latest('android'));
  }

  @Public()
  @Get('package/:name')
  @ApiOperation({ summary: 'Downloads an uploaded package (the URL a release names); 404 for any other name' })
  async download(@Param('name') name: string, @Res() response: Response) {
    await sendStoredFile(response, await this.packages.open(name), {
      contentType: name.endsWith('.ipa') ? 'application/octet-stream' : 'application/vnd.android.package-archive',
      fileName: name,
      disposition: 'attachment',
      notFound: () => new AppError(ErrorCode.NOT_FOUND),
    });
  }
}
