import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';

export const SOCIAL_TYPES = ['wechat', 'wechat_mp', 'dingtalk'] as const;

/** Sent as query params (the console's `params`) or as a JSON/form body. */
export class BindSocialDto {
  @ApiPropertyOptional({ enum: SOCIAL_TYPES, default: 'wechat' }) @IsOptional() @IsIn([...SOCIAL_TYPES]) type?: (typeof SOCIAL_TYPES)[number];
  @ApiProperty({ description: 'the open id the social login answered (letters, digits, - and _, 6-64)' }) @Matches(/^[A-Za-z0-9_-]{6,64}$/) openId!: string;
}

export class UnbindSocialDto {
  @ApiPropertyOptional({ enum: SOCIAL_TYPES, default: 'wechat' }) @IsOptional() @IsIn([...SOCIAL_TYPES]) type?: (typeof SOCIAL_TYPES)[number];
}
