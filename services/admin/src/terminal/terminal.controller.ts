import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto } from '../common/paging.dto';
import { CreateTerminalDto, UpdateTerminalDto } from './dto/terminal.dto';
import { TerminalService } from './terminal.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('terminals')
@ApiBearerAuth()
@Controller('basic/terminal')
@UseInterceptors(OperationLogInterceptor)
export class TerminalController {
  constructor(private readonly terminals: TerminalService) {}

  @Get('findUnbindTerminalList')
  async unboundList(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.terminals.listUnbound(user, query.keyword));
  }

  @Get('findUnbindTerminalPage')
  async unboundPage(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.terminals.page(user, query, true));
  }

  @Get()
  @RequiresAction('terminalM:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.terminals.page(user, query));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('terminalM:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateTerminalDto) {
    return okEnvelope(await this.terminals.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('terminalM:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateTerminalDto) {
    return okEnvelope(await this.terminals.update(user, id, dto));
  }

  @Delete(':id')
  @RequiresAction('terminalM:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.terminals.remove(user, id);
    return okEnvelope(true);
  }
}
