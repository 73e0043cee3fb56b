import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /login, JSON or form. The optional fields are what the console may send beside the credentials. */
export class LoginDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) username!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) password!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() randomStr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() grant_type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() scope?: string;
}

/** POST /auth/oauth/token (form). */
export class RefreshTokenDto {
  @ApiPropertyOptional() @IsOptional() @IsString() refresh_token?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() grant_type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() scope?: string;
}

export class LogoutDto {
  @ApiPropertyOptional() @IsOptional() @IsString() refresh_token?: string;
}

/** What login and refresh answer in `data` (refresh also at the top level, OAuth style). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user_id: number;
}
