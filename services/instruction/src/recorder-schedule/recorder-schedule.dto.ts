import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DRIVING_RECORD_WORDS } from '@openfleet/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** A company's daily collection (vehicleId absent) or one vehicle's, which replaces its company's. */
export class SaveRecorderScheduleDto {
  @ApiPropertyOptional({ description: "the company (default: the caller's own); ignored with vehicleId" }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(32) companyId?: string;
  @ApiPropertyOptional({ description: 'one vehicle instead of the whole company' }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(32) vehicleId?: string;
  @ApiProperty({ type: [Number], description: 'GB/T 19056 command words to collect daily (0-21: 00H-15H)', example: [8, 16] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(16)
  @IsInt({ each: true })
  @IsIn([...DRIVING_RECORD_WORDS], { each: true })
  words!: number[];
  @ApiPropertyOptional({ default: 60, description: 'most blocks per record word and day (08H: a block is a minute, 09H an hour)' }) @IsOptional() @IsInt() @Min(1) @Max(2880) maxBlocks = 60;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() enabled = true;
}
