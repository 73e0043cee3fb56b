import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const TIME = '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms';

/** The original-message query's filters: one terminal (phone or VIN) in a window of at most 3 days. */
export class FrameQueryDto extends PageQueryDto {
  @ApiProperty({ description: 'terminal phone (SIM number) or VIN' })
  @IsString()
  @Matches(/^\s*(?:\d{1,20}|[A-Za-z0-9]{17}|809:[\w.-]{1,36})\s*$/, { message: 'terminal must be a terminal phone (digits), a VIN (17 letters and digits) or 809:<platform id>' })
  terminal!: string;

  @ApiProperty({ description: TIME }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty({ description: `${TIME}; at most 3 days after startTime` }) @IsString() @MaxLength(32) endTime!: string;
  @ApiPropertyOptional({ enum: ['up', 'down'] }) @IsOptional() @IsIn(['up', 'down']) direction?: 'up' | 'down';

  @ApiPropertyOptional({ description: 'message id (808, 809) or command (32960, HJ 1239) in hex: "0x0200" or "0200"' })
  @IsOptional()
  @IsString()
  @Matches(/^\s*(?:0x)?[0-9a-fA-F]{1,4}\s*$/, { message: 'msgId must be a hex message id such as 0x0200' })
  msgId?: string;

  @ApiPropertyOptional({ enum: ['ok', 'bad'], description: 'bad: frames the gateway rejected (checksum, length, escape...)' }) @IsOptional() @IsIn(['ok', 'bad']) status?: 'ok' | 'bad';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) _t?: string;
}
