import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class VehicleLimitConfigDto {
  @ApiProperty({ description: 'Whether the vehicle can be limited at all' }) @IsBoolean() capable!: boolean;
  @ApiPropertyOptional({ description: 'Mobile that receives the wizard code' }) @IsOptional() @Matches(/^1[3-9]\d{9}$/) authPhone?: string;
  @ApiPropertyOptional({ description: 'New limit password (6-32 characters); absent keeps the current one' }) @IsOptional() @IsString() @MinLength(6) @MaxLength(32) password?: string;
}

export class LockStartDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ enum: ['lock', 'unlock'] }) @IsIn(['lock', 'unlock']) action!: 'lock' | 'unlock';
  // Spec §5: the limit reason cannot be empty (checked by the service, so the answer names it).
  @ApiProperty() @IsString() @MaxLength(200) reason!: string;
}

export class LockVerifyDto {
  @ApiProperty() @IsString() @MaxLength(64) wizardId!: string;
  @ApiProperty() @IsString() @MaxLength(6) code!: string;
}

export class LockConfirmDto {
  @ApiProperty() @IsString() @MaxLength(64) wizardId!: string;
  @ApiProperty() @IsString() @MaxLength(32) password!: string;
}
