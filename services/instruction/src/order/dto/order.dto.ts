import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export class SendOrderDto {
  @ApiProperty({ description: 'Command type of the catalogue (text, photo, setParams, tachographCollect ...)' })
  @IsString()
  @MaxLength(32)
  commandType!: string;

  @ApiProperty({ type: [String], description: 'Vehicles to send to: one, or many for a batch' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20_000)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  vehicleIds!: string[];

  @ApiPropertyOptional({ description: "The command's typed fields (see GET /gps/sendOrder/catalogue)" })
  @IsOptional()
  @IsObject()
  params?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: ['fail', 'queue'], description: 'Offline vehicle: fail at once (status 2, 7205) or queue until it is online' })
  @IsOptional()
  @IsIn(['fail', 'queue'])
  offlinePolicy?: 'fail' | 'queue';

  @ApiPropertyOptional({ description: "Wait this long for the terminal's answer (default per command: 30 s, 60 s for photos, media and driving records)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(600)
  timeoutS?: number;

  @ApiPropertyOptional({ description: 'Queue policy: give up after this many minutes (default 60)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  expireMinutes?: number;
}

export class OrderIdsDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @Matches(/^\d{1,19}$/, { each: true })
  orderIds!: string[];
}

export class OrderPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Instruction status 0-7' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(7) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) commandType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) vehicleId?: string;
  @ApiPropertyOptional({ description: 'Batch id (one send to many vehicles, or the request id of another service)' }) @IsOptional() @IsString() @MaxLength(64) batchId?: string;
  @ApiPropertyOptional({ description: '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms' }) @IsOptional() @IsString() @MaxLength(32) startTime?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) endTime?: string;
}

export class AlarmConfirmDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiPropertyOptional({ description: 'Serial of the alarm report to confirm; 0 confirms every alarm' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(65535) alarmSerial?: number;
  @ApiPropertyOptional({ description: 'Alarm bits to confirm (0x8203 types); default emergency' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(0xffffffff) alarmTypes?: number;
}
