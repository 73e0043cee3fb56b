import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { PageQueryDto, sendStoredFile } from '@openfleet/service-kit';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { ChannelDto } from '../live/live.controller';
import { SnapshotService } from './snapshot.service';

export class TakeSnapshotDto extends ChannelDto {
  @ApiProperty({ description: 'data:image/jpeg;base64,... (or image/png) of the frame on screen, at most 2 MB' }) @IsString() @MaxLength(3_000_000) image!: string;
}

export class SnapshotQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) endTime?: string;
}

const VIEWERS = ['screenshot', 'screenshot:search'];

/** screenshot: frames operators took from live or playback video. */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video/snapshots')
export class SnapshotController {
  constructor(private readonly snapshots: SnapshotService) {}

  @Post()
  @HttpCode(200)
  @RequiresAnyAction('videoPlay', 'videoPlayMulti', 'h5Playback')
  @ApiOperation({ summary: 'Stores the frame an operator took from a playing stream' })
  async take(@CurrentUser() user: AuthUser, @Body() body: TakeSnapshotDto) {
    return okEnvelope(await this.snapshots.take(user, body.vehicleId, body.channel, body.image));
  }

  @Get()
  @RequiresAnyAction(...VIEWERS)
  @ApiOperation({ summary: 'Snapshots of vehicles in scope, newest first' })
  async list(@CurrentUser() user: AuthUser, @Query() query: SnapshotQueryDto) {
    return okEnvelope(await this.snapshots.list(user, query));
  }

  @Get(':id/file')
  @RequiresAnyAction(...VIEWERS, 'videoPlay')
  @ApiOperation({ summary: 'The image of a snapshot; 2009 when it is not (or no longer) there' })
  async file(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const { path, contentType } = await this.snapshots.file(user, id);
    await sendStoredFile(response, path, { contentType, cacheControl: 'private, max-age=86400', notFound: () => new AppError(ErrorCode.VIDEO_FILE_NOT_FOUND) });
  }
}
