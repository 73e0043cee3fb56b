import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Patterns } from '../../common/validation';

export class SendCodeDto {
  @ApiProperty() @Matches(Patterns.mobile) phone!: string;
  @ApiPropertyOptional({ enum: ['forgetPwd', 'register'], default: 'forgetPwd' }) @IsOptional() @IsIn(['forgetPwd', 'register']) purpose?: 'forgetPwd' | 'register';
}

export class ForgetPasswordDto {
  @ApiProperty() @Matches(Patterns.mobile) phone!: string;
  @ApiPropertyOptional({ description: 'empty: 3201' }) @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'empty: 3200' }) @IsOptional() @IsString() password?: string;
}
