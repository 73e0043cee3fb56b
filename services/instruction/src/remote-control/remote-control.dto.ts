import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REMOTE_OPERATIONS } from '@openfleet/contracts';
import { PageQueryDto } from '@openfleet/service-kit';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class RemoteControlDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ enum: REMOTE_OPERATIONS.map((operation) => operation.key) }) @IsIn(REMOTE_OPERATIONS.map((operation) => operation.key)) operation!: string;
}

export class RemoteLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) endTime?: string;
}
