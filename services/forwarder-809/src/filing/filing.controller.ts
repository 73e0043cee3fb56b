import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { FilingService } from './filing.service';

export class FilingQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) platformId!: number;
  @ApiPropertyOptional({ description: '1 filed, 0 not filed' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) filed?: number;
}

export class FileVehiclesDto {
  @ApiProperty() @IsInt() @Min(1) platformId!: number;
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds!: string[];
}

/** nationalPlatformFiling: which vehicles a superior platform has on file. */
@ApiTags('forwarder-809')
@ApiBearerAuth()
@Controller('platform809/filing')
export class FilingController {
  constructor(private readonly filing: FilingService) {}

  @Get()
  @RequiresAnyAction('nationalPlatformFiling', 'nationalPlatformFiling:search', 'superiorPlatformM')
  @ApiOperation({ summary: "The vehicles of a platform's forwarding group in the caller's scope, filed or not" })
  async list(@CurrentUser() user: AuthUser, @Query() query: FilingQueryDto) {
    return okEnvelope(await this.filing.list(user, query.platformId, query.filed === undefined ? undefined : query.filed === 1));
  }

  @Post()
  @HttpCode(200)
  @RequiresAnyAction('nationalPlatformFiling', 'superiorPlatformM:modify')
  @ApiOperation({ summary: 'Files vehicles with the platform: sends each one’s registration (0x1201)' })
  async file(@CurrentUser() user: AuthUser, @Body() dto: FileVehiclesDto) {
    return okEnvelope(await this.filing.file(user, dto.platformId, dto.vehicleIds));
  }
}
