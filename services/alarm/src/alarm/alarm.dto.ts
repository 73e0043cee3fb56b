import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export class AlarmPageQueryDto extends PageQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms; the window is at most 7 days (300)' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) type?: string;
  @ApiPropertyOptional({ description: '0 emergency ... 3 tip' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(3) level?: number;
  @ApiPropertyOptional({ description: 'Handling status 0-3' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(3) handleStatus?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional({ description: 'Company id: alarms of vehicles under it' }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
}

export class HandleAlarmsDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @Matches(/^\d{1,19}$/, { each: true }) alarmIds!: string[];
  @ApiProperty({ description: '1 done, 2 not processed, 3 future processing' }) @IsIn([1, 2, 3]) handleStatus!: number;
  @ApiPropertyOptional({ description: '17 false alarm, 18 driver corrected, 19 reminder issued, 20 reported to enterprise, 21 reported to police, 22 custom (remark)' }) @IsOptional() @IsIn([17, 18, 19, 20, 21, 22]) handleResult?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) remark?: string;
}
