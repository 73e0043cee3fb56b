import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
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

/** Spec §7: the app asks before anyone signs in, so the call is public. */
@ApiTags('app versions')
@Controller('app/appVersion')
@UseGuards(AuthGuard)
export class AppUpdateController {
  constructor(private readonly versions: AppVersionService) {}

  @Public()
  @Get('getLastVersionAPK')
  @ApiOperation({ summary: 'Newest Android release: {id, platform, versionName, versionCode, downloadUrl, forceUpdate, changelog, createdAt}; 3005 none' })
  async getLastVersionAPK() {
    return okEnvelope(await this.versions.latest('android'));
  }
}
