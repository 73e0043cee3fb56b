import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

/** Picker queries of spec §7: optional brand (by id, or by name in `keyword` as the console sends it). */
export class LookupQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() brandId?: number;
  @ApiPropertyOptional({ description: 'brand name (findModel, findVehicleModelEngineInfoList) or owner name/phone (getUnbindMasters)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  keyword?: string;
}
