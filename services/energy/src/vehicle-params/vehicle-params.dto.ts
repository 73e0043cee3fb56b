import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';

class VehicleCommandDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiPropertyOptional({ description: 'seconds to wait for the answer (default 30)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(120) timeoutS?: number;
}

export class ParameterQueryDto extends VehicleCommandDto {
  @ApiPropertyOptional({ description: 'table 34 ids (0x01-0x10); empty: every one' }) @IsOptional() @IsArray() @ArrayMaxSize(252) @IsInt({ each: true }) @Min(1, { each: true }) @Max(0xfe, { each: true }) ids?: number[];
}

export class ParameterItemDto {
  @ApiProperty() @IsInt() @Min(1) @Max(0xfe) id!: number;
  // A number or a text: the codec checks it against the parameter's layout and range (7106).
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }] }) @IsDefined() value!: number | string;
}

export class ParameterSetDto extends VehicleCommandDto {
  @ApiProperty({ type: [ParameterItemDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(252) @ValidateNested({ each: true }) @Type(() => ParameterItemDto) parameters!: ParameterItemDto[];
}

export class TerminalControlDto extends VehicleCommandDto {
  @ApiProperty({ description: 'table 36: 2 shutdown, 3 reset, 4 factory reset, 5 disconnect, 6 alarm/warning, 7 sampling link' }) @IsInt() @Min(2) @Max(7) command!: number;
  @ApiPropertyOptional({ description: '6: alarm level 0-3' }) @IsOptional() @IsInt() @Min(0) @Max(3) alarmLevel?: number;
  @ApiPropertyOptional({ description: '6: the warning text' }) @IsOptional() @IsString() @MaxLength(200) text?: string;
}
