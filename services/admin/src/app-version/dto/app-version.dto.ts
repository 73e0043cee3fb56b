import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging.dto';

export class CreateAppVersionDto {
  @ApiPropertyOptional({ enum: ['android', 'ios'], default: 'android' }) @IsOptional() @IsIn(['android', 'ios']) platform?: string;
  @ApiProperty({ example: '2.3.1', description: 'unique per platform (4052)' }) @Matches(/^\d{1,4}(\.\d{1,4}){1,3}$/) versionName!: string;
  @ApiProperty({ description: 'must exceed every version of the platform (3006)' }) @Type(() => Number) @IsInt() @Min(1) @Max(2147483647) versionCode!: number;
  @ApiProperty({ example: 'https://example.com/app-2.3.1.apk' }) @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) @MaxLength(255) downloadUrl!: string;
  @ApiPropertyOptional({ enum: [0, 1] }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) forceUpdate?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) changelog?: string;
}

/** The build number and platform of a release never change; publish a new version instead. */
export class UpdateAppVersionDto extends PartialType(OmitType(CreateAppVersionDto, ['platform', 'versionCode'] as const)) {}

export class AppVersionQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['android', 'ios'] }) @IsOptional() @IsIn(['android', 'ios']) platform?: string;
}
