import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, VIDEO_CHANNEL_MAX, VIDEO_CHANNEL_MIN } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { EMBED_TTL_MAX_S, EMBED_TTL_MIN_S } from './embed-tokens';
import { EmbedService } from './embed.service';

export class EmbedTokenDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiPropertyOptional({ type: [Number], description: 'Channels the page may open; omitted: all' })
  @IsOptional() @IsArray() @ArrayMaxSize(VIDEO_CHANNEL_MAX) @Type(() => Number) @IsInt({ each: true }) @Min(VIDEO_CHANNEL_MIN, { each: true }) @Max(VIDEO_CHANNEL_MAX, { each: true })
  channels?: number[];
  @ApiPropertyOptional({ minimum: EMBED_TTL_MIN_S, maximum: EMBED_TTL_MAX_S, description: 'Seconds (default one day)' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(EMBED_TTL_MIN_S) @Max(EMBED_TTL_MAX_S)
  ttlS?: number;
}

export class EmbedChannelsQueryDto {
  @ApiProperty() @IsString() @MaxLength(512) token!: string;
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
}

export class EmbedOpenDto {
  @ApiProperty() @IsString() @MaxLength(512) token!: string;
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ minimum: VIDEO_CHANNEL_MIN, maximum: VIDEO_CHANNEL_MAX }) @Type(() => Number) @IsInt() @Min(VIDEO_CHANNEL_MIN) @Max(VIDEO_CHANNEL_MAX) channel!: number;
  @ApiPropertyOptional({ description: '0 main, 1 sub (default)' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) streamType?: number;
}

/**
 * /videoJsH5?token= for third-party pages: the token is issued with videoPlay for a vehicle in
 * scope; the page's two calls are public for the application guard (docs/auth.md) and check the
 * token instead, against the vehicle and channel they name.
 */
@ApiTags('video')
@Controller('video/embed')
export class EmbedController {
  constructor(private readonly embed: EmbedService) {}

  @Post('tokens')
  @HttpCode(200)
  @ApiBearerAuth()
  @RequiresAnyAction('videoPlay')
  @ApiOperation({ summary: 'Issues a signed, expiring token for embedding one vehicle\'s live video (/videoJsH5?token=)' })
  issue(@CurrentUser() user: AuthUser, @Body() body: EmbedTokenDto) {
    return okEnvelope(this.embed.issue(user, body.vehicleId, body.channels, body.ttlS));
  }

  @Get('channels')
  @Public() // the embed token in the query is checked instead of a bearer token
  @ApiOperation({ summary: "The token's vehicle: plate, online, the channels the token allows" })
  channels(@Query() query: EmbedChannelsQueryDto) {
    return okEnvelope(this.embed.channels(query.token, query.vehicleId));
  }

  @Post('live/open')
  @HttpCode(200)
  @Public() // the embed token in the body is checked instead of a bearer token
  @ApiOperation({ summary: 'Opens a channel of the token\'s vehicle live (0x9101, or joins the running stream); answers signed media paths' })
  async open(@Body() body: EmbedOpenDto) {
    return okEnvelope(await this.embed.open(body.token, body.vehicleId, body.channel, body.streamType));
  }
}
