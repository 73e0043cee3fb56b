import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

export class FleetGrantDto {
  @ApiProperty({ type: [Number], description: 'Granted fleets of the user\'s company (and their sub-fleets); empty: the whole company' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsInt({ each: true })
  @Min(1, { each: true })
  fleetIds!: number[];

  // Past MAX_VEHICLE_GRANTS the service answers 30186, which names the limit; this bound only stops absurd bodies.
  @ApiPropertyOptional({ type: [Number], description: 'Single vehicles of the user\'s company granted besides the fleets (at most 1000, else 30186); absent or empty: none' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  vehicleIds?: number[];
}

export class GrantVehicleQueryDto {
  @ApiPropertyOptional({ description: 'Part of the plate' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  keyword?: string;
}
