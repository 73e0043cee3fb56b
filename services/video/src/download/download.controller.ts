import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { PageQueryDto, sendStoredFile } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Response } from 'express';
import { RecordingRangeDto } from '../playback/playback.controller';
import { DownloadService } from './download.service';

export class CreateDownloadDto extends RecordingRangeDto {
  @ApiPropertyOptional({ description: 'The size the resource list gave (progress)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) fileSize?: number;
}

export class DownloadControlDto {
  @ApiProperty({ description: '0 pause, 1 resume, 2 cancel (0x9207)' }) @Type(() => Number) @IsInt() @Min(0) @Max(2) control!: number;
}

const DOWNLOADERS = ['h5Playback', 'h5Playback:search'];

/** Recording downloads (0x9206 to the embedded FTP server) and their files. */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video/downloads')
export class DownloadController {
  constructor(private readonly downloads: DownloadService) {}

  @Post()
  @HttpCode(200)
  @RequiresAnyAction(...DOWNLOADERS)
  @ApiOperation({ summary: 'Asks the terminal to upload a recording (0x9206); the task follows it' })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateDownloadDto) {
    return okEnvelope(await this.downloads.create(user, body));
  }

  @Get()
  @RequiresAnyAction(...DOWNLOADERS)
  @ApiOperation({ summary: 'Download tasks of vehicles in scope with status (spec §4) and progress' })
  async list(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.downloads.list(user, query.current, query.size));
  }

  @Post(':id/control')
  @HttpCode(200)
  @RequiresAnyAction(...DOWNLOADERS)
  @ApiOperation({ summary: 'Pauses, resumes or cancels an upload (0x9207)' })
  async control(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() body: DownloadControlDto) {
    return okEnvelope(await this.downloads.control(user, id, body.control));
  }

  @Get(':id/file')
  @RequiresAnyAction(...DOWNLOADERS)
  @ApiOperation({ summary: 'The recording the terminal uploaded; 2009 when it is not (or no longer) there' })
  async file(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const { path, name } = await this.downloads.file(user, id);
    await sendStoredFile(response, path, { contentType: 'application/octet-stream', fileName: name, disposition: 'attachment', notFound: () => new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND) });
  }
}
