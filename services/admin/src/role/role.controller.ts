import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { CreateRoleDto, UpdateRoleDto } from './dto/role.dto';
import { RoleService } from './role.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('roles')
@ApiBearerAuth()
@Controller('basic/role')
@UseInterceptors(OperationLogInterceptor)
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Get()
  @RequiresAction('roleManage:search')
  async list(@CurrentUser() caller: AuthUser) {
    return okEnvelope(await this.roles.list(caller));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('roleManage:add')
  async create(@CurrentUser() caller: AuthUser, @Body() dto: CreateRoleDto) {
    return okEnvelope(await this.roles.create(caller, dto));
  }

  @Put(':id')
  @RequiresAction('roleManage:modify')
  async update(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateRoleDto) {
    return okEnvelope(await this.roles.update(caller, id, dto));
  }

  @Delete(':id')
  @RequiresAction('roleManage:delete')
  async remove(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.roles.remove(caller, id);
    return okEnvelope(true);
  }
}
