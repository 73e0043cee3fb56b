import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateRoleDto {
  @ApiProperty() @IsString() @MaxLength(32) @Matches(Patterns.chineseEnglishDigits) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional({ description: 'default the caller company' }) @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiProperty({ description: '0 super admin, 1 company default, 2 operations, 3 ordinary' }) @IsIn([0, 1, 2, 3]) roleType!: number;
  @ApiProperty({ type: [String], description: 'action codes `<screen>:<action>` or page codes `<screen>`' })
  @IsArray()
  @ArrayMaxSize(2000)
  @IsString({ each: true })
  actionCodes!: string[];
}

export class UpdateRoleDto extends PartialType(OmitType(CreateRoleDto, ['companyId'] as const)) {}
