import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateFleetDto {
  @ApiProperty() @IsString() @MaxLength(64) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiProperty() @Type(() => Number) @IsInt() companyId!: number;
  @ApiPropertyOptional({ description: 'parent fleet (same company); groups nest at most 4 levels' }) @IsOptional() @Type(() => Number) @IsInt() parentId?: number;
}

export class RenameFleetDto {
  @ApiProperty() @IsString() @MaxLength(64) @Matches(Patterns.chineseEnglishDigits) name!: string;
}

/** Drag in the organisation tree: a company under a company, a fleet under a company. */
export class MoveNodeDto {
  @ApiProperty({ enum: ['company', 'fleet'] }) @IsIn(['company', 'fleet']) nodeType!: 'company' | 'fleet';
  @ApiProperty() @Type(() => Number) @IsInt() id!: number;
  @ApiProperty({ enum: ['company', 'fleet'] }) @IsIn(['company', 'fleet']) targetType!: 'company' | 'fleet';
  @ApiProperty() @Type(() => Number) @IsInt() targetId!: number;
}
