import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsIP, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

const U32 = 0xffffffff;

/** Spec §3 Upper platform and §5 (IPv4, ports 1-65535). */
export class UpperPlatformDto {
  @ApiPropertyOptional({ description: 'Owning company (default: the caller’s)' }) @IsOptional() @IsString() @MaxLength(32) companyId?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) name!: string;
  @ApiProperty({ enum: ['2011', '2019'] }) @IsIn(['2011', '2019']) edition!: '2011' | '2019';
  @ApiProperty() @IsIP(4) mainIp!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(65535) mainPort!: number;
  @ApiProperty({ description: 'Our slave-link address as the superior reaches it' }) @IsIP(4) slaveIp!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(65535) slavePort!: number;
  @ApiProperty() @IsInt() @Min(0) @Max(U32) userId!: number;
  @ApiPropertyOptional({ description: 'At most 8 bytes; omitted on update keeps the stored one' }) @IsOptional() @IsString() @MaxLength(8) password?: string;
  @ApiProperty({ description: 'Unique access code (GNSS centre id)' }) @IsInt() @Min(0) @Max(U32) accessCode!: number;
  @ApiPropertyOptional({ description: '2019: our platform id, up to 11 characters' }) @IsOptional() @Matches(/^[0-9A-Za-z]{0,11}$/) platformCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(U32) m1?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(U32) ia1?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(U32) ic1?: number;
  @ApiPropertyOptional({ description: 'Encipher what we send' }) @IsOptional() @IsBoolean() encrypt?: boolean;
  @ApiPropertyOptional({ description: 'Main-link keep-alive interval (s)' }) @IsOptional() @IsInt() @Min(5) @Max(600) keepAliveS?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() autoReconnect?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
}

export class ForwardTargetDto {
  @ApiProperty({ enum: ['company', 'vehicle'] }) @IsIn(['company', 'vehicle']) kind!: 'company' | 'vehicle';
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(32) refId!: string;
}

export class ForwardTargetsDto {
  @ApiProperty({ type: [ForwardTargetDto] }) @IsArray() @ArrayMaxSize(10_000) @ValidateNested({ each: true }) @Type(() => ForwardTargetDto) targets!: ForwardTargetDto[];
}

export class DutyCheckAnswerDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(500) answer!: string;
  @ApiPropertyOptional({ description: '2019: who answers' }) @IsOptional() @IsString() @MaxLength(16) responder?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) responderTel?: string;
}

export class SupervisionAnswerDto {
  @ApiProperty({ description: '0 handling, 1 done, 2 not handled, 3 later' }) @IsIn([0, 1, 2, 3]) result!: number;
}
