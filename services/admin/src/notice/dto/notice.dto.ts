import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';

export class CreateNoticeDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @MaxLength(100) title!: string;
  @ApiProperty({ maxLength: 4000 }) @IsString() @IsNotEmpty() @MaxLength(4000) content!: string;
  @ApiPropertyOptional({ description: "the company it is addressed to (and its subsidiaries); default the author's" }) @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

export class UpdateNoticeDto extends PartialType(CreateNoticeDto) {}

export class NoticeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: [0, 1, 2], description: '0 draft, 1 published, 2 withdrawn' }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2]) status?: number;
}
