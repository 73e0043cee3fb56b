import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Patterns } from '../../common/validation';

export class CreateSimCardDto {
  @ApiProperty({ description: '11 digits' }) @IsString() @Matches(Patterns.simNumber) number!: string;
  @ApiProperty({ description: '1 China Mobile, 2 China Unicom, 3 China Telecom' }) @Type(() => Number) @IsIn([1, 2, 3]) operator!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) city?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

/** Edits: number (4000 when another card has it), operator, issuing city, company (within the caller's scope). */
export class UpdateSimCardDto extends PartialType(CreateSimCardDto) {}

export class BindSimDto {
  @ApiProperty() @Type(() => Number) @IsInt() terminalId!: number;
}
