import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@openfleet/auth';
import { okEnvelope, type FuelExportKind } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { PageQueryDto, sendStoredFile } from '@openfleet/service-kit';
import { IsIn, IsObject } from 'class-validator';
import type { Response } from 'express';
import { FuelExportTaskService } from './fuel-export-task.service';

export class CreateFuelExportTaskDto {
  @ApiProperty({ enum: ['fuelReport', 'fuelEvents'] }) @IsIn(['fuelReport', 'fuelEvents']) kind!: FuelExportKind;
  @ApiProperty({ description: 'the report or events query, as their own API takes it' }) @IsObject() params!: Record<string, unknown>;
}

// Creating a task needs the export code of its kind (checked by the service); the rest, being its owner.
@ApiTags('fuel')
@ApiBearerAuth()
@Controller('vehicleService/fuel/export-task')
export class FuelExportTaskController {
  constructor(private readonly tasks: FuelExportTaskService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts an offline download of the fuel report or events: code, parameters, window and scope checked now (403, 400, 300, 8002); 207 past three unfinished' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateFuelExportTaskDto) {
    return okEnvelope(await this.tasks.create(user, dto.kind, dto.params));
  }

  @Get()
  async list(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.tasks.list(user, query.current, query.size));
  }

  @Get(':id/download')
  async download(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const { file, name } = await this.tasks.download(user, id);
    await sendStoredFile(response, file, { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: name, disposition: 'attachment', notFound: () => new AppError(ErrorCode.NOT_FOUND) });
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.tasks.remove(user, id);
    return okEnvelope(true);
  }
}
