import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

export class FaultQueryDto extends PageQueryDto {
  @ApiProperty({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms: faults that started in the window (at most 30 days, 300 beyond)' }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional({ description: 'A fault kind (gnssModuleFault, cameraFault, videoStorageFault ...)' }) @IsOptional() @IsString() @MaxLength(32) kind?: string;
  @ApiPropertyOptional({ description: 'terminal (alarm bits) or video (JT/T 1078)' }) @IsOptional() @IsIn(['terminal', 'video']) source?: string;
  @ApiPropertyOptional({ description: '0 ongoing, 1 ended' }) @IsOptional() @Type(() => Number) @IsInt() @IsIn([0, 1]) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
}
