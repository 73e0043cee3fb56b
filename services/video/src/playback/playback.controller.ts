import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags, IntersectionType } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, VIDEO_CHANNEL_MAX } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ChannelDto } from '../live/live.controller';
import { PlaybackService } from './playback.service';

class MediaFilterDto {
  @ApiPropertyOptional({ description: '0 audio and video, 1 audio, 2 video, 3 audio or video' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(3) mediaType?: number;
  @ApiPropertyOptional({ description: '0 any, 1 main, 2 sub' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(2) streamType?: number;
  @ApiPropertyOptional({ description: '0 any, 1 main storage, 2 disaster-recovery storage' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(2) storageType?: number;
}

export class ResourceQueryDto extends MediaFilterDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: '0: every channel' }) @Type(() => Number) @IsInt() @Min(0) @Max(VIDEO_CHANNEL_MAX) channel!: number;
  @ApiProperty({ description: 'YYYY-MM-DD HH:mm:ss (China time); the window is at most 1 day' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}

/** One channel's recordings between two times (playback, download). */
export class RecordingRangeDto extends IntersectionType(ChannelDto, MediaFilterDto) {
  @ApiProperty({ description: 'YYYY-MM-DD HH:mm:ss (China time); at most 1 day' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}

export class OpenPlaybackDto extends RecordingRangeDto {
  @ApiPropertyOptional({ description: '0 normal, 1 fast-forward, 2 keyframe rewind, 3 keyframe only, 4 single frame' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(4) playbackMode?: number;
  @ApiPropertyOptional({ description: '0 none, 1-5: 1, 2, 4, 8, 16x' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(5) speed?: number;
}

export class PlaybackControlDto extends ChannelDto {
  @ApiProperty({ description: '0 play, 1 pause, 2 stop, 3 fast-forward, 4 keyframe rewind, 5 seek, 6 keyframe play' }) @Type(() => Number) @IsInt() @Min(0) @Max(6) control!: number;
  @ApiPropertyOptional({ description: '1-5: 1, 2, 4, 8, 16x' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(5) speed?: number;
  @ApiPropertyOptional({ description: 'seek: YYYY-MM-DD HH:mm:ss' }) @IsOptional() @IsString() @MaxLength(32) position?: string;
}

const PLAYBACK = ['h5Playback', 'h5Playback:search'];

/** h5Playback: the terminal's recordings (0x9205), their playback (0x9201) and its control (0x9202). */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video/playback')
export class PlaybackController {
  constructor(private readonly playback: PlaybackService) {}

  @Post('resources')
  @HttpCode(200)
  @RequiresAnyAction(...PLAYBACK)
  @ApiOperation({ summary: "The terminal's recordings in a window of at most 1 day (0x9205 -> 0x1205)" })
  async resources(@CurrentUser() user: AuthUser, @Body() body: ResourceQueryDto) {
    return okEnvelope(await this.playback.resources(user, body));
  }

  @Post('open')
  @HttpCode(200)
  @RequiresAnyAction(...PLAYBACK)
  @ApiOperation({ summary: 'Plays a recording back (0x9201 to this media server); answers signed WebSocket and HLS paths' })
  async open(@CurrentUser() user: AuthUser, @Body() body: OpenPlaybackDto) {
    return okEnvelope(await this.playback.open(user, body));
  }

  @Post('control')
  @HttpCode(200)
  @RequiresAnyAction(...PLAYBACK)
  @ApiOperation({ summary: 'Controls a playback (0x9202): play, pause, stop, fast-forward and rewind at 1-16x, seek' })
  async control(@CurrentUser() user: AuthUser, @Body() body: PlaybackControlDto) {
    await this.playback.control(user, body);
    return okEnvelope(null);
  }
}
