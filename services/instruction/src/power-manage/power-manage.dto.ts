import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** The list's filters: keyword matches the plate. */
export class PowerManageQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) fleetId?: string;
  @ApiPropertyOptional({ description: '1 can be limited, 0 cannot' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) capable?: number;
  @ApiPropertyOptional({ description: '1 locked now, 0 not' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) locked?: number;
}

export class PowerManageBatchDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds!: string[];
  @ApiProperty({ description: 'Grant (true) or withdraw (false) the limit capability' }) @IsBoolean() capable!: boolean;
}
