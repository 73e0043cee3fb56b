import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_REPLY_MAX, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';

/** JSON or multipart (fields as text, the screenshot in `image`). */
export class SubmitFeedbackDto {
  @ApiProperty({ enum: FEEDBACK_TYPES, description: '1 问题, 2 建议, 3 投诉' }) @Type(() => Number) @IsIn(FEEDBACK_TYPES) type!: number;
  @ApiProperty({ maxLength: FEEDBACK_CONTENT_MAX }) @IsString() @IsNotEmpty() @MaxLength(FEEDBACK_CONTENT_MAX) content!: string;
  @ApiPropertyOptional({ maxLength: FEEDBACK_CONTACT_MAX }) @IsOptional() @IsString() @MaxLength(FEEDBACK_CONTACT_MAX) contact?: string;
  @ApiPropertyOptional({ enum: ['console', 'app'] }) @IsOptional() @IsIn(['console', 'app']) source?: string;
}

export class ReplyFeedbackDto {
  @ApiProperty({ maxLength: FEEDBACK_REPLY_MAX }) @IsString() @IsNotEmpty() @MaxLength(FEEDBACK_REPLY_MAX) reply!: string;
  @ApiPropertyOptional({ description: 'close it with this reply' }) @IsOptional() @IsBoolean() close?: boolean;
}

export class FeedbackQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: FEEDBACK_STATUSES }) @IsOptional() @Type(() => Number) @IsIn(FEEDBACK_STATUSES) status?: number;
  @ApiPropertyOptional({ enum: FEEDBACK_TYPES }) @IsOptional() @Type(() => Number) @IsIn(FEEDBACK_TYPES) type?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) startTime?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) endTime?: number;
}
