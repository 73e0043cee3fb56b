import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { FEEDBACK_IMAGE_MAX_BYTES, okEnvelope } from '@openfleet/contracts';
import { sendSheet, sendStoredFile, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { cst, LOG_EXPORT_ROWS } from '../common/log-export';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { FeedbackQueryDto, ReplyFeedbackDto, SubmitFeedbackDto } from './dto/feedback.dto';
import { feedbackView, FeedbackService } from './feedback.service';

const TYPES = ['', '问题', '建议', '投诉'];
const STATUSES = ['待处理', '已回复', '已关闭'];

/**
 * monitor/feedback. Submitting and reading one's own feedback needs only a token (the header's help
 * menu, any user); listing needs feedback:search, the export feedback:export, replying and closing
 * feedback:modify from an operator of the platform owner.
 */
@ApiTags('feedback')
@ApiBearerAuth()
@Controller('basic/feedback')
@UseInterceptors(OperationLogInterceptor)
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post()
  @HttpCode(200)
  // Multer stops one byte past the limit; the service answers 20005 for that and 20004 for a non-picture.
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: FEEDBACK_IMAGE_MAX_BYTES + 1, files: 1 } }))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Submits feedback {type 1 问题 | 2 建议 | 3 投诉, content, contact?} with an optional screenshot (field "image", PNG/JPEG/GIF/WebP, 2 MB)' })
  async submit(@CurrentUser() user: AuthUser, @Body() dto: SubmitFeedbackDto, @UploadedFile() image?: { buffer: Buffer }) {
    return okEnvelope(await this.feedback.submit(user, dto, image?.buffer));
  }

  @Get('mine')
  @ApiOperation({ summary: "The caller's own feedback (newest 50) and how many replies are unread" })
  async mine(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.feedback.mine(user));
  }

  @Post('mine/read')
  @HttpCode(200)
  @ApiOperation({ summary: "Marks the replies to the caller's feedback seen" })
  async markMineRead(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.feedback.markMineRead(user));
  }

  @Get()
  @RequiresAction('feedback:search')
  @ApiOperation({ summary: 'Paged search of the feedback of the caller’s companies (status, type, time, keyword)' })
  async page(@CurrentUser() user: AuthUser, @Query() query: FeedbackQueryDto) {
    return okEnvelope(await this.feedback.page(user, query));
  }

  @Get('export')
  @RequiresAction('feedback:export')
  @ApiOperation({ summary: 'The feedback with the same filters as an Excel sheet (newest first, at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: FeedbackQueryDto, @Res() response: Response) {
    const rows = (await this.feedback.filtered(user, query).take(LOG_EXPORT_ROWS).getMany()).map(feedbackView);
    const sheet = await writeSheet(
      'feedback',
      [
        { key: 'createdAt', header: '提交时间', width: 20 },
        { key: 'account', header: '提交人', width: 14 },
        { key: 'type', header: '类型', width: 8 },
        { key: 'content', header: '内容', width: 50 },
        { key: 'contact', header: '联系方式', width: 18 },
        { key: 'status', header: '状态', width: 10 },
        { key: 'reply', header: '回复', width: 50 },
        { key: 'repliedBy', header: '回复人', width: 14 },
        { key: 'repliedAt', header: '回复时间', width: 20 },
      ],
      rows.map((row) => ({
        ...row,
        createdAt: cst(row.createdAt),
        type: TYPES[row.type] ?? String(row.type),
        status: STATUSES[row.status] ?? String(row.status),
        reply: row.reply ?? '',
        repliedAt: row.repliedAt === null ? '' : cst(row.repliedAt),
      })),
    );
    sendSheet(response, 'feedback.xlsx', sheet);
  }

  @Get(':id')
  @RequiresAction('feedback:search')
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(feedbackView(await this.feedback.get(user, id)));
  }

  @Get(':id/image')
  @ApiOperation({ summary: 'The screenshot: for its submitter, or an operator with feedback:search whose scope covers it' })
  async image(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const { file, contentType, name } = await this.feedback.image(user, id);
    await sendStoredFile(response, file, { contentType, fileName: name, disposition: 'inline', cacheControl: 'private, max-age=300' });
  }

  @Post(':id/reply')
  @HttpCode(200)
  @RequiresAction('feedback:search', 'feedback:modify')
  @ApiOperation({ summary: 'Replies (and closes with close: true); the submitter sees it marked unread. Platform owner only (403 otherwise), 409 closed' })
  async reply(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: ReplyFeedbackDto) {
    return okEnvelope(await this.feedback.reply(user, id, dto));
  }

  @Post(':id/close')
  @HttpCode(200)
  @RequiresAction('feedback:search', 'feedback:modify')
  async close(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.feedback.close(user, id));
  }
}
