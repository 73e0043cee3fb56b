import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { NOTICE_AUDIENCES, NOTICE_BODY_MAX, NOTICE_LEVELS, NOTICE_TARGETS_MAX, NOTICE_TITLE_MAX, type NoticeAudience } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';

export class CreatePressReleaseDto {
  @ApiProperty({ maxLength: NOTICE_TITLE_MAX }) @IsString() @IsNotEmpty() @MaxLength(NOTICE_TITLE_MAX) title!: string;
  @ApiProperty({ maxLength: NOTICE_BODY_MAX }) @IsString() @IsNotEmpty() @MaxLength(NOTICE_BODY_MAX) content!: string;
  @ApiPropertyOptional({ enum: NOTICE_LEVELS, description: '0 normal, 1 important, 2 urgent' }) @IsOptional() @IsIn(NOTICE_LEVELS) level?: number;
  @ApiProperty({ enum: NOTICE_AUDIENCES, description: "company: every user of the publisher's company and those below; companies (super administrators), roles, users: the listed ids" })
  @IsIn(NOTICE_AUDIENCES)
  audience!: NoticeAudience;
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @ArrayMaxSize(NOTICE_TARGETS_MAX) @IsInt({ each: true }) @Min(1, { each: true }) audienceIds?: number[];
  @ApiPropertyOptional({ description: 'epoch ms users see it from (default: when published)' }) @IsOptional() @IsInt() @Min(0) publishAt?: number;
  @ApiPropertyOptional({ description: 'epoch ms it leaves the inbox (default: never)' }) @IsOptional() @IsInt() @Min(0) expiresAt?: number;
}

export class UpdatePressReleaseDto extends PartialType(CreatePressReleaseDto) {}

export class PressReleaseQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: [0, 1, 2], description: '0 draft, 1 published, 2 withdrawn' }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2]) status?: number;
  @ApiPropertyOptional({ enum: NOTICE_LEVELS }) @IsOptional() @Type(() => Number) @IsIn(NOTICE_LEVELS) level?: number;
}

export class SendPressReleaseDto {
  @ApiProperty({ type: [String], description: 'vehicles whose terminals get the notice as a 0x8300 text' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(NOTICE_TARGETS_MAX)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  vehicleIds!: string[];
}

export class MarkNoticesReadDto {
  @ApiPropertyOptional({ type: [Number], description: 'the notices to mark read; all of the inbox when left out' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(NOTICE_TARGETS_MAX)
  @IsInt({ each: true })
  ids?: number[];
}
