import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

/** Self registration: the new company and its administrator. Code and password may be empty (3201/3200). */
export class RegisterDto {
  @ApiProperty({ description: 'Chinese or English letters, unique (4001)' }) @IsString() @MaxLength(64) @Matches(Patterns.chineseOrEnglish) companyName!: string;
  @ApiProperty({ description: 'administrator account, unique (4003)' }) @IsString() @Matches(Patterns.account) account!: string;
  @ApiProperty({ description: 'administrator name, Chinese or English letters' }) @IsString() @MaxLength(32) @Matches(Patterns.chineseOrEnglish) name!: string;
  @ApiProperty({ description: 'the phone the code was sent to (purpose register), unique (4016)' }) @Matches(Patterns.mobile) phone!: string;
  @ApiPropertyOptional({ description: 'SMS code; empty 3201, wrong 3034' }) @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'empty 3200; §5 rules 400' }) @IsOptional() @IsString() password?: string;
}
