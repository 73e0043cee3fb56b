import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { CreateExportTaskDto, ExportTaskListQuery } from './dto/export-task.dto';
import { ExportTaskService } from './export-task.service';

// Every signed-in user has their own tasks: creating one needs the report's export action code
// (checked by the service per kind), the rest needs only to be the task's owner.
@ApiTags('export-tasks')
@ApiBearerAuth()
@Controller('gps/export-task')
export class ExportTaskController {
  constructor(private readonly tasks: ExportTaskService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Starts an offline download of a report (or of tracks): the report's export code, parameters and window are checked now (400, 300, 403, 8002); at most TRACKING_EXPORT_MAX_ACTIVE unfinished per user (207)" })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateExportTaskDto) {
    return okEnvelope(await this.tasks.create(user, body));
  }

  @Get()
  @ApiOperation({ summary: "The caller's download tasks, newest first: task status 0-4, download status 0-4, progress, rows, expiry" })
  async list(@CurrentUser() user: AuthUser, @Query() query: ExportTaskListQuery) {
    return okEnvelope(await this.tasks.list(user, query));
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pauses an unfinished task (4); 409 otherwise' })
  async pause(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.tasks.move(user, id, 'pause'));
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resumes a paused task (0): it is written again from the start' })
  async resume(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.tasks.move(user, id, 'resume'));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels an unfinished or paused task (3)' })
  async cancel(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.tasks.move(user, id, 'cancel'));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a finished, failed, cancelled or paused task and its file' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.tasks.remove(user, id);
    return okEnvelope(null);
  }

  @Get(':id/file')
  @ApiOperation({ summary: "The finished task's .xlsx, for its owner only (410 once expired, and for anyone else as for a missing id); marks it downloaded (2)" })
  async file(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const file = await this.tasks.download(user, id);
    await sendStoredFile(response, file, {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: file.fileName,
      disposition: 'attachment',
      notFound: () => new AppError(ErrorCode.ALREADY_DELETED, { detail: 'the file has expired' }),
    });
  }
}
