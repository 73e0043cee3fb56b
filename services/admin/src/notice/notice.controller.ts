import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { CatalogueController } from '../common/catalogue.controller';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { CreateNoticeDto, NoticeQueryDto, UpdateNoticeDto } from './dto/notice.dto';
import { NoticeService } from './notice.service';

/** systemNotice: announcements, written as drafts, then published and withdrawn. */
@ApiTags('system notice')
@Controller('basic/notice')
export class NoticeController extends CatalogueController({ screen: 'systemNotice', create: CreateNoticeDto, update: UpdateNoticeDto, query: NoticeQueryDto }) {
  constructor(private readonly notices: NoticeService) {
    super(notices);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @RequiresAction('systemNotice:modify')
  @ApiOperation({ summary: 'Publish a draft or withdrawn notice: home shows it to its company and the companies below (409 when already published)' })
  async publish(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.publish(user, id));
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @RequiresAction('systemNotice:modify')
  @ApiOperation({ summary: 'Withdraw a published notice (409 otherwise)' })
  async withdraw(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.withdraw(user, id));
  }
}

/** Home: the notices published for the signed-in user's company, for every signed-in user. */
@ApiTags('system notice')
@ApiBearerAuth()
@Controller('basic/notices')
@UseInterceptors(OperationLogInterceptor)
export class PublishedNoticeController {
  constructor(private readonly notices: NoticeService) {}

  @Get('published')
  @ApiOperation({ summary: "Published notices of the user's company and the companies above it, newest first (at most 20)" })
  async published(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.notices.published(user));
  }
}
