import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsIP, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';

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

/**
 * Entries in one platform's forwarding group. A fleet is named by its company (sub-companies
 * included), so vehicles are listed one by one only where a company is not wholly forwarded:
 * 10,000 covers the largest fleet the platform is sized for vehicle by vehicle, and is about
 * 450 KB of JSON, under the 1 MB body limit.
 */
export const MAX_FORWARD_TARGETS = 10_000;

/** Index of the first entry that is not a ForwardTargetDto (exactly kind and refId), -1 when all are. */
export function firstBadTarget(targets: unknown): number {
  if (!Array.isArray(targets)) return 0;
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i] as Partial<ForwardTargetDto> | null;
    const keys = target && typeof target === 'object' ? Object.keys(target) : [];
    if (keys.length !== 2 || (target!.kind !== 'company' && target!.kind !== 'vehicle') || typeof target!.refId !== 'string' || target!.refId.length < 1 || target!.refId.length > 32) return i;
  }
  return -1;
}

export class ForwardTargetsDto {
  // One tight loop instead of nested class validation: 10,000 items validated in milliseconds, not a second.
  @ApiProperty({ type: [ForwardTargetDto], maxItems: MAX_FORWARD_TARGETS })
  @IsArray()
  @ArrayMaxSize(MAX_FORWARD_TARGETS)
  @ValidateBy({ name: 'isForwardTargetList', validator: { validate: (value) => firstBadTarget(value) < 0, defaultMessage: (args) => `${args?.property}[${firstBadTarget(args?.value)}] must be { kind: 'company' | 'vehicle', refId: 1-32 characters }` } })
  targets!: ForwardTargetDto[];
}

export class DutyCheckAnswerDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(500) answer!: string;
  @ApiPropertyOptional({ description: '2019: who answers' }) @IsOptional() @IsString() @MaxLength(16) responder?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) responderTel?: string;
}

export class SupervisionAnswerDto {
  @ApiProperty({ description: '0 handling, 1 done, 2 not handled, 3 later' }) @IsIn([0, 1, 2, 3]) result!: number;
}
