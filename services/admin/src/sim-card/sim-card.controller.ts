import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto } from '../common/paging.dto';
import { BindSimDto, CreateSimCardDto, UpdateSimCardDto } from './dto/sim-card.dto';
import { SimCardService } from './sim-card.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('sim cards')
@ApiBearerAuth()
@Controller('basic/sim-card')
@UseInterceptors(OperationLogInterceptor)
export class SimCardController {
  constructor(private readonly sims: SimCardService) {}

  @Get()
  @RequiresAction('simCare:search')
  async page(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.sims.page(user, query));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('simCare:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateSimCardDto) {
    return okEnvelope(await this.sims.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('simCare:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateSimCardDto) {
    return okEnvelope(await this.sims.update(user, id, dto));
  }

  @Post(':id/bind')
  @HttpCode(200)
  @RequiresAction('simCare:bind')
  async bind(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: BindSimDto) {
    return okEnvelope(await this.sims.bind(user, id, dto.terminalId));
  }

  @Post(':id/unbind')
  @HttpCode(200)
  @RequiresAction('simCare:bind')
  async unbind(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.sims.unbind(user, id));
  }

  @Delete(':id')
  @RequiresAction('simCare:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.sims.remove(user, id);
    return okEnvelope(true);
  }
}
