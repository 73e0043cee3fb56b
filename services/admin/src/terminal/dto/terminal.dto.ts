import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsIP, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Patterns } from '../../common/validation';

/** Versions as devices print them: letters, digits, `.`, `_`, `-`. */
const VERSION_TEXT = /^[A-Za-z0-9._-]+$/;

export class CreateTerminalDto {
  @ApiProperty({ description: '7 characters, uppercase letters or digits' }) @IsString() @Matches(Patterns.terminalCode) terminalCode!: string;
  @ApiProperty({ description: 'terminal SIM number, 11 digits' }) @IsString() @Matches(Patterns.simNumber) terminalPhone!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) manufacturer?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) model?: string;
  @ApiPropertyOptional({ enum: ['2011', '2013', '2019'] }) @IsOptional() @IsIn(['2011', '2013', '2019']) protocolVersion?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @ApiPropertyOptional({ description: 'JT/T 1078 video channels (0: no video device; spec §5: channels 1-32)', minimum: 0, maximum: 32 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(32) videoChannels?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) @Matches(VERSION_TEXT) hardwareVersion?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) @Matches(VERSION_TEXT) firmwareVersion?: string;
  @ApiPropertyOptional({ description: 'CAN protocol version, e.g. J1939' }) @IsOptional() @IsString() @MaxLength(16) @Matches(VERSION_TEXT) canProtocolVersion?: string;
  @ApiPropertyOptional({ description: 'IPv4 address' }) @IsOptional() @IsIP(4) ip?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 65535 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) port?: number;
}

export class UpdateTerminalDto extends PartialType(CreateTerminalDto) {}
