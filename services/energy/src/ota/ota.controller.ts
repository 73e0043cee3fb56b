import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { MAX_PACKAGE_BYTES, OtaService } from './ota.service';

export class PackageUploadDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) name!: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) version!: string;
  @ApiProperty({ description: '0 terminal, 12 road transport IC card reader, 52 satellite positioning module' }) @Type(() => Number) @IsIn([0, 12, 52]) targetType!: number;
  @ApiProperty({ description: 'maker id of 0x8108 (at most 11 characters)' }) @IsString() @MinLength(1) @MaxLength(11) makerId!: string;
  @ApiPropertyOptional({ description: 'models the package is for, comma-separated' }) @IsOptional() @IsString() @MaxLength(255) targetModels?: string;
  @ApiPropertyOptional({ description: 'SHA-256 of the file (hex); refused with 20006 when it does not match' }) @IsOptional() @IsString() @Matches(/^[0-9a-fA-F]{64}$/) checksum?: string;
}

export class OtaSendDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) packageId!: number;
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @IsString({ each: true }) @MaxLength(32, { each: true }) vehicleIds!: string[];
}

export class OtaTaskQuery {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) packageId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) keyword?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) current?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) size?: number;
}

/** otaUpdata (packages, sending, progress) and otaUpgradeLog (every vehicle's upgrades). */
@ApiTags('ota')
@ApiBearerAuth()
@Controller('energy/ota')
export class OtaController {
  constructor(private readonly ota: OtaService) {}

  @Post('packages')
  @HttpCode(200)
  @RequiresAnyAction('otaUpdata:upload', 'otaUpdata:add')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_PACKAGE_BYTES + 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: `Uploads a package (field "file", at most ${MAX_PACKAGE_BYTES / 1024} KiB) with its version, maker id, target type and models, and optionally its SHA-256` })
  async upload(@CurrentUser() user: AuthUser, @Body() meta: PackageUploadDto, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.UPGRADE_PACKAGE_INVALID, { data: 'no file' });
    const { storageKey: _key, ...pack } = await this.ota.upload(user, meta, file.buffer);
    return okEnvelope(pack);
  }

  @Get('packages')
  @RequiresAnyAction('otaUpdata', 'otaUpdata:search')
  async packages(@CurrentUser() user: AuthUser, @Query() query: OtaTaskQuery) {
    const page = await this.ota.listPackages(user, query);
    return okEnvelope({ ...page, records: page.records.map(({ storageKey: _key, ...pack }) => pack) });
  }

  @Delete('packages/:id')
  @RequiresAnyAction('otaUpdata:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.ota.removePackage(user, id);
    return okEnvelope(null);
  }

  @Post('send')
  @HttpCode(200)
  @RequiresAnyAction('otaUpdata:send')
  @ApiOperation({ summary: 'Sends a package to vehicles as 0x8108 through the instruction service; answers one task per vehicle' })
  async send(@CurrentUser() user: AuthUser, @Body() body: OtaSendDto) {
    return okEnvelope(await this.ota.send(user, body.packageId, body.vehicleIds));
  }

  @Get('tasks')
  @RequiresAnyAction('otaUpdata', 'otaUpdata:search', 'otaUpgradeLog', 'otaUpgradeLog:search')
  @ApiOperation({ summary: 'Upgrade tasks (status 0 sending, 1 delivered, 2 upgraded, 3 failed, 4 cancelled), of one package or all' })
  async tasks(@CurrentUser() user: AuthUser, @Query() query: OtaTaskQuery) {
    return okEnvelope(await this.ota.listTasks(user, query));
  }
}
