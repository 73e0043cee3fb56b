import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt } from 'class-validator';
import { BusLineDto, BusLineQueryDto, BusStopEventQueryDto } from './bus-line.dto';
import { BusLineExcelService } from './bus-line-excel.service';
import { BusLineQueryService } from './bus-line-query.service';
import { BusLineService } from './bus-line.service';
import { stopEventSheet } from './bus-stop-event-sheet';

export class BusLineIdsDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(500) @IsInt({ each: true }) ids!: number[];
}

/** The monitor reads lines too: its line picker lists them. */
const LINE_VIEW = ['busLine:search', 'busLineMonitor:search'];

@ApiTags('industry bus lines')
@ApiBearerAuth()
@Controller('industry/busLine')
export class BusLineController {
  constructor(
    private readonly lines: BusLineService,
    private readonly query: BusLineQueryService,
    private readonly excel: BusLineExcelService,
  ) {}

  @Get()
  @RequiresAnyAction(...LINE_VIEW)
  @ApiOperation({ summary: 'Paged lines of the companies in scope: keyword (code or name), companyId' })
  async page(@CurrentUser() user: AuthUser, @Query() query: BusLineQueryDto) {
    return okEnvelope(await this.lines.page(user, query));
  }

  @Get('template')
  @RequiresAction('busLine:import')
  async template(@Res() response: Response) {
    sendSheet(response, 'bus-line-template.xlsx', await this.excel.template());
  }

  @Get('export')
  @RequiresAction('busLine:export')
  @ApiOperation({ summary: 'xlsx, one row per stop (its columns are the import template)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: BusLineQueryDto, @Res() response: Response) {
    sendSheet(response, 'bus-lines.xlsx', await this.excel.export(user, query));
  }

  @Post('import')
  @HttpCode(200)
  @RequiresAction('busLine:import')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'xlsx (field "file"): lines and stops; any bad row or line: nothing written, 5005 with [{row, reasons}]' })
  async import(@CurrentUser() user: AuthUser, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.excel.import(user, file.buffer));
  }

  @Post('delete')
  @HttpCode(200)
  @RequiresAction('busLine:delete')
  async removeMany(@CurrentUser() user: AuthUser, @Body() dto: BusLineIdsDto) {
    await this.lines.remove(user, dto.ids);
    return okEnvelope(true);
  }

  @Get(':id/strip')
  @RequiresAction('busLineMonitor:search')
  @ApiOperation({ summary: 'The live strip: each bus between its stops, headways, bunching and arrival-time predictions for its next stops' })
  async strip(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.query.strip(user, id));
  }

  @Get(':id/stopEvents')
  @RequiresAction('busLineMonitor:search')
  @ApiOperation({ summary: 'Arrivals, departures and skipped stops of a line (window ≤ 7 days), newest first' })
  async stopEvents(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Query() query: BusStopEventQueryDto) {
    return okEnvelope(await this.query.eventPage(user, id, query));
  }

  @Get(':id/stopEvents/export')
  @RequiresAction('busLineMonitor:export')
  @ApiOperation({ summary: 'xlsx of the stop events the list filters select (≤ 100,000 rows)' })
  async exportStopEvents(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Query() query: BusStopEventQueryDto, @Res() response: Response) {
    const { records } = await this.query.eventPage(user, id, query, true);
    sendSheet(response, 'bus-stop-events.xlsx', await stopEventSheet(records));
  }

  @Get(':id')
  @RequiresAnyAction(...LINE_VIEW)
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.lines.one(user, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('busLine:add')
  @ApiOperation({ summary: 'Adds a line: 400 stops, 1002 code or vehicle taken, 8002 vehicle out of scope, 209 company out of scope' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: BusLineDto) {
    return okEnvelope(await this.lines.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('busLine:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: BusLineDto) {
    return okEnvelope(await this.lines.update(user, id, dto));
  }

  @Delete(':id')
  @RequiresAction('busLine:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.lines.remove(user, [id]);
    return okEnvelope(true);
  }
}
