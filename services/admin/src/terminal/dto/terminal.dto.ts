import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateTerminalDto {
  @ApiProperty({ description: '7 characters, uppercase letters or digits' }) @IsString() @Matches(Patterns.terminalCode) terminalCode!: string;
  @ApiProperty({ description: 'terminal SIM number, 11 digits' }) @IsString() @Matches(Patterns.simNumber) terminalPhone!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) manufacturer?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) model?: string;
  @ApiPropertyOptional({ enum: ['2011', '2013', '2019'] }) @IsOptional() @IsIn(['2011', '2013', '2019']) protocolVersion?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

export class UpdateTerminalDto extends PartialType(CreateTerminalDto) {}
