import { Body, Controller, HttpCode, Delete, Param, ParseIntPipe, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { CompanyService } from '../company/company.service';
import { CreateFleetDto, MoveNodeDto, RenameFleetDto } from './dto/fleet.dto';
import { FleetService } from './fleet.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('fleets')
@ApiBearerAuth()
@Controller('basic')
@UseInterceptors(OperationLogInterceptor)
export class FleetController {
  constructor(
    private readonly fleets: FleetService,
    private readonly companies: CompanyService,
  ) {}

  @Post('fleet')
  @HttpCode(200)
  @RequiresAction('newCompany:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateFleetDto) {
    return okEnvelope(await this.fleets.create(user, dto));
  }

  @Put('fleet/:id')
  @RequiresAction('newCompany:modify')
  async rename(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: RenameFleetDto) {
    return okEnvelope(await this.fleets.rename(user, id, dto.name));
  }

  @Delete('fleet/:id')
  @RequiresAction('newCompany:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.fleets.remove(user, id);
    return okEnvelope(true);
  }

  /** Drag and drop in the organisation tree (spec §5: no company under a fleet, no fleet under a fleet). */
  @Post('tree/move')
  @HttpCode(200)
  @RequiresAction('newCompany:modify')
  async move(@CurrentUser() user: AuthUser, @Body() dto: MoveNodeDto) {
    if (dto.targetType === 'fleet') throw new AppError(ErrorCode.BAD_PARAMETER, { data: `a ${dto.nodeType} cannot be moved under a fleet` });
    if (dto.nodeType === 'company') await this.companies.move(user, dto.id, dto.targetId);
    else await this.fleets.moveToCompany(user, dto.id, dto.targetId);
    return okEnvelope(true);
  }
}
