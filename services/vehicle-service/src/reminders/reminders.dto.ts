import { ApiPropertyOptional } from '@nestjs/swagger';
import { REMINDER_KINDS, ReminderStatus, type ReminderKind } from '@openfleet/contracts';
import { IsPlatformDate, PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ReminderSettingsDto {
  @ApiPropertyOptional({ description: "Company (default the caller's)" }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() insurance?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() inspection?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() maintenance?: boolean;
  @ApiPropertyOptional({ type: [Number], description: 'Days before the due date (1-365, at most 5, no repeats); default 30, 7, 1' })
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(5) @IsInt({ each: true }) @Min(1, { each: true }) @Max(365, { each: true })
  daysBefore?: number[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() overdue?: boolean;
  @ApiPropertyOptional({ description: 'Remind this many km before the next-service mileage (0-100000)' }) @IsOptional() @IsInt() @Min(0) @Max(100_000) maintenanceMarginKm?: number;
  @ApiPropertyOptional({ type: [String], description: 'Receiving roles; empty: every user of the company' })
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(19, { each: true })
  roleIds?: string[];
}

export class ReminderSettingsQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
}

export class ReminderPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: REMINDER_KINDS }) @IsOptional() @IsIn(REMINDER_KINDS) kind?: ReminderKind;
  @ApiPropertyOptional({ description: '0 unread, 1 read, 2 done' }) @IsOptional() @Type(() => Number) @IsIn(Object.values(ReminderStatus)) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) plateCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'Created from, "YYYY-MM-DD HH:mm:ss" China time' }) @IsOptional() @IsPlatformDate() startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsPlatformDate() endTime?: string;
}

export class ReminderMarkDto {
  @ApiPropertyOptional({ type: [Number] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsInt({ each: true }) @Min(1, { each: true }) ids!: number[];
}
