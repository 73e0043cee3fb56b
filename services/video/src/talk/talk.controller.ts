import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, TALK_BROADCAST_MAX_VEHICLES, VIDEO_CHANNEL_MAX, VIDEO_CHANNEL_MIN } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ChannelDto } from '../live/live.controller';
import { TALK_FORWARDED_HEADER, TalkService } from './talk.service';

export class OpenBroadcastDto {
  @ApiProperty({ type: [String], maxItems: TALK_BROADCAST_MAX_VEHICLES }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(TALK_BROADCAST_MAX_VEHICLES) @ArrayUnique() @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds!: string[];
  @ApiPropertyOptional({ minimum: VIDEO_CHANNEL_MIN, maximum: VIDEO_CHANNEL_MAX, description: 'the channel spoken to on each vehicle (default 1)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(VIDEO_CHANNEL_MIN)
  @Max(VIDEO_CHANNEL_MAX)
  channel?: number;
}

export class CloseTalkDto {
  @ApiProperty() @IsUUID() talkId!: string;
}

const LIVE_VIEWERS = ['videoPlay', 'videoPlayMulti'];

/** Talk-back and broadcast from the console's microphone (videoPlay, videoPlayMulti). */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video/talk')
export class TalkController {
  constructor(private readonly talk: TalkService) {}

  @Post('open')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Two-way talk with a vehicle channel (0x9101 data type 2); answers the signed talk WebSocket. 3020 when someone already talks on it' })
  async open(@CurrentUser() user: AuthUser, @Body() body: ChannelDto) {
    return okEnvelope(await this.talk.openTalk(user, body));
  }

  @Post('broadcast')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Broadcast to vehicles (0x9101 data type 4 each); vehicles that could not be reached are listed with their error code' })
  async broadcast(@CurrentUser() user: AuthUser, @Body() body: OpenBroadcastDto) {
    return okEnvelope(await this.talk.openBroadcast(user, body));
  }

  @Post('close')
  @HttpCode(200)
  @RequiresAnyAction(...LIVE_VIEWERS)
  @ApiOperation({ summary: 'Ends a talk or broadcast (0x9102 to each terminal); any replica takes it and forwards it to the one that owns the session' })
  async close(@CurrentUser() user: AuthUser, @Body() body: CloseTalkDto, @Headers('authorization') authorization?: string, @Headers(TALK_FORWARDED_HEADER) forwarded?: string) {
    await this.talk.close(user, body.talkId, { authorization, forwarded: forwarded === '1' });
    return okEnvelope(null);
  }
}
