import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PermissionCache, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto } from '../common/paging.dto';
import { CompanyService } from '../company/company.service';
import { ChangePasswordDto, CreateUserDto, ResetPasswordDto, UpdateUserDto } from './dto/user.dto';
import { UserService } from './user.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('users')
@ApiBearerAuth()
@Controller('basic/user')
@UseInterceptors(OperationLogInterceptor)
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly companies: CompanyService,
    private readonly permissions: PermissionCache,
  ) {}

  @Get('getCurrentUserInfo')
  async currentUserInfo(@CurrentUser() caller: AuthUser) {
    const user = await this.users.getVisible(caller, Number(caller.id));
    const company = await this.companies.getVisible(caller, user.companyId);
    return okEnvelope({
      ...user,
      companyName: company.name,
      superAdmin: caller.superAdmin,
      permissions: caller.superAdmin ? ['*'] : [...this.permissions.codesOf(caller)].sort(),
    });
  }

  @Put('password')
  async changeOwnPassword(@CurrentUser() caller: AuthUser, @Body() dto: ChangePasswordDto) {
    await this.users.changeOwnPassword(caller, dto);
    return okEnvelope(true);
  }

  @Get()
  @RequiresAction('userManage:search')
  async page(@CurrentUser() caller: AuthUser, @Query() query: PageQueryDto) {
    return okEnvelope(await this.users.page(caller, query));
  }

  @Get(':id')
  @RequiresAction('userManage:search')
  async get(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.users.getVisible(caller, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('userManage:add')
  async create(@CurrentUser() caller: AuthUser, @Body() dto: CreateUserDto) {
    return okEnvelope(await this.users.create(caller, dto));
  }

  @Put(':id')
  @RequiresAction('userManage:modify')
  async update(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateUserDto) {
    return okEnvelope(await this.users.update(caller, id, dto));
  }

  @Put(':id/password')
  @RequiresAction('userManage:resetPassword')
  async resetPassword(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: ResetPasswordDto) {
    await this.users.resetPassword(caller, id, dto.password);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction('userManage:delete')
  async remove(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.users.remove(caller, id);
    return okEnvelope(true);
  }
}
