import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, PtzAction, VIDEO_CHANNEL_MAX, VIDEO_CHANNEL_MIN } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LiveService } from './live.service';

export class VehicleQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
}

export class ChannelDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ minimum: VIDEO_CHANNEL_MIN, maximum: VIDEO_CHANNEL_MAX }) @Type(() => Number) @IsInt() @Min(VIDEO_CHANNEL_MIN) @Max(VIDEO_CHANNEL_MAX) channel!: number;
}

export class OpenLiveDto extends ChannelDto {
  @ApiPropertyOptional({ description: '0 main, 1 sub (default)' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) streamType?: number;
  @ApiPropertyOptional({ description: '0 audio and video (default), 1 video, 2 talk-back, 3 listen, 4 broadcast, 5 pass-through' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(5) dataType?: number;
}

export class LiveControlDto extends ChannelDto {
  @ApiProperty({ description: '0 close, 1 switch stream, 2 pause, 3 resume, 4 close talk-back' }) @Type(() => Number) @IsInt() @Min(0) @Max(4) command!: number;
  @ApiPropertyOptional({ description: 'close: 0 audio and video, 1 audio, 2 video' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(2) closeType?: number;
  @ApiPropertyOptional({ description: 'switch: 0 main, 1 sub' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) switchStreamType?: number;
}

export class PtzDto extends ChannelDto {
  @ApiProperty({ enum: Object.values(PtzAction) }) @IsIn(Object.values(PtzAction)) action!: (typeof PtzAction)[keyof typeof PtzAction];
  @ApiProperty({ description: 'rotate: 0 stop 1 up 2 down 3 left 4 right; focus/iris/zoom: 0 in 1 out; wiper/infrared: 0 off 1 on' }) @Type(() => Number) @IsInt() @Min(0) @Max(4) value!: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 255 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(255) speed?: number;
}

export class StreamKeyDto {
  @ApiProperty() @IsString() @MaxLength(48) streamKey!: string;
}

const LIVE_VIEWERS = ['videoPlay', 'videoPlayMulti'];

/** Live video (videoPlay, videoPlayMulti), PTZ, and the session list (realvideoTable). */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video')
export class LiveController {
  constructor(private readonly live: LiveService) {}

  @Get('vehicles/channels')
  @RequiresAnyAction(...LIVE_VIEWERS, 'h5Playback', 'h5Playback:search')
  @ApiOperation({ summary: "The vehicle's video channels (1..n from its terminal), whether it has video and is online" })
  channels(@CurrentUser() user: AuthUser, @Query() query: VehicleQueryDto) {
    return okEnvelope(this.live.channels(user, query.vehicleId));
  }

  @Post('live/open')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Opens a channel live (0x9101 to the terminal, or joins the stream already running); answers signed WebSocket and HLS paths' })
  async open(@CurrentUser() user: AuthUser, @Body() body: OpenLiveDto) {
    return okEnvelope(await this.live.open(user, body));
  }

  @Post('live/control')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Controls a live channel (0x9102): close, switch stream, pause, resume, close talk-back' })
  async control(@CurrentUser() user: AuthUser, @Body() body: LiveControlDto) {
    await this.live.control(user, body);
    return okEnvelope(null);
  }

  @Post('ptz')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Pan-tilt-zoom (0x9301 rotation, 0x9302 focus, 0x9303 iris, 0x9304 wiper, 0x9305 infrared, 0x9306 zoom)' })
  async ptz(@CurrentUser() user: AuthUser, @Body() body: PtzDto) {
    await this.live.ptz(user, body);
    return okEnvelope(null);
  }

  @Get('live/sessions')
  @RequiresAnyAction('realvideoTable', 'realvideoTable:search')
  @ApiOperation({ summary: 'Live and playback sessions of vehicles in scope: link, viewers, codec, traffic, losses' })
  sessions(@CurrentUser() user: AuthUser) {
    return okEnvelope(this.live.sessions(user));
  }

  @Post('live/sessions/close')
  @HttpCode(200)
  @RequiresAnyAction('realvideoTable', 'realvideoTable:search')
  @ApiOperation({ summary: 'Ends a session: viewers are told, the terminal is stopped (0x9102 / 0x9202)' })
  close(@CurrentUser() user: AuthUser, @Body() body: StreamKeyDto) {
    this.live.endSession(user, body.streamKey);
    return okEnvelope(null);
  }
}
