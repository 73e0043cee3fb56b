import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

export class LatestPositionsQuery {
  @ApiPropertyOptional({ description: 'comma-separated vehicle ids; empty: every vehicle of the caller scope' })
  @IsOptional() @IsString() @MaxLength(200_000) vehicleIds?: string;
  @ApiPropertyOptional({ description: 'map type of mapLatitude/mapLongitude (1, 3 default, 4, 5)' }) @IsOptional() @Type(() => Number) @IsInt() @IsIn([1, 3, 4, 5]) mapType = 3;
}

export class ScopeOverviewQuery {
  @ApiPropertyOptional({ description: '1: also list every vehicle (as findLatestPositions)' })
  @IsOptional() @Transform(({ value }) => (['1', 'true'].includes(String(value)) ? 1 : 0)) @IsIn([0, 1]) withVehicles = 0;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @IsIn([1, 3, 4, 5]) mapType = 3;
}
