import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsIdCard, IsPastDate, Patterns } from '../../common/validation';

export class CreateUserDto {
  @ApiProperty() @IsString() @Matches(Patterns.account) account!: string;
  @ApiProperty({ description: 'Chinese or English letters' }) @IsString() @MaxLength(32) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiProperty({ description: 'first char a letter, >= 8, two character classes' }) @IsString() password!: string;
  @ApiProperty({ description: '0 personal, 1 ordinary, 2 operations, 3 company admin, 4 super admin, 5 senior' }) @IsIn([0, 1, 2, 3, 4, 5]) userType!: number;
  @ApiPropertyOptional({ description: 'default the caller company; cannot be changed later' }) @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @ArrayMaxSize(20) @IsInt({ each: true }) roleIds?: number[];
  @ApiPropertyOptional({ type: [Number], description: 'fleet permission: limits the user to these fleets' }) @IsOptional() @IsArray() @ArrayMaxSize(20) @IsInt({ each: true }) fleetIds?: number[];
  @ApiPropertyOptional() @IsOptional() @Matches(Patterns.mobile) phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsEmail() email?: string;
  @ApiPropertyOptional() @IsOptional() @IsIn([0, 1, 2]) gender?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD, not in the future' }) @IsOptional() @IsPastDate() birthDate?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128) address?: string;
  @ApiPropertyOptional({ description: '6 digits' }) @IsOptional() @Matches(Patterns.postalCode) postalCode?: string;
  @ApiPropertyOptional({ description: 'landline, e.g. 010-12345678' }) @IsOptional() @Matches(Patterns.landline) fax?: string;
  @ApiPropertyOptional({ description: 'resident ID card, 18 characters with a valid check character' }) @IsOptional() @IsIdCard() idCard?: string;
  @ApiPropertyOptional({ description: '1 enabled, 0 disabled' }) @IsOptional() @IsIn([0, 1]) status?: number;
}

export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['account', 'password', 'companyId'] as const)) {}

export class ResetPasswordDto {
  @ApiProperty() @IsString() password!: string;
}

export class ChangePasswordDto {
  @ApiProperty() @IsString() oldPassword!: string;
  @ApiProperty() @IsString() newPassword!: string;
  @ApiProperty() @IsString() confirmPassword!: string;
}
