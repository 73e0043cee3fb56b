import { Body, Controller, HttpCode, Delete, Get, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { linkTree } from '../common/tree';
import { Driver } from '../driver/driver.entity';
import { DriverService } from '../driver/driver.service';
import { CompanyService } from './company.service';
import { CompanyAdminAccountService } from './company-admin-account.service';
import { CreateCompanyWithAdminDto, UpdateCompanyDto } from './dto/company.dto';
import { OrganisationTreeService } from './organisation-tree.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('companies')
@ApiBearerAuth()
@Controller()
@UseInterceptors(OperationLogInterceptor)
export class CompanyController {
  constructor(
    private readonly companies: CompanyService,
    private readonly trees: OrganisationTreeService,
    private readonly drivers: DriverService,
    private readonly withAdmin: CompanyAdminAccountService,
  ) {}

  @Get('basic/sysEnterprise/getEnterpriseTreeList')
  async enterpriseTree(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.trees.companyTree(user));
  }

  @Get('basic/sysEnterprise/findEnterpriseOrganizationTreeList')
  async organisationTree(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.trees.organisationTree(user));
  }

  @Get('basic/sysEnterprise/findEnterpriseTreeDriverList')
  async driverTree(@CurrentUser() user: AuthUser) {
    const drivers = await this.drivers.listVisible(user);
    const leaves = drivers.map((driver: Driver) => ({
      key: `d${driver.id}`,
      id: driver.id,
      name: driver.name,
      type: 'driver' as const,
      parentKey: `c${driver.companyId}`,
      licenceNo: driver.licenceNo,
      children: [],
    }));
    return okEnvelope(linkTree([...(await this.trees.companyNodes(user)), ...leaves]));
  }

  @Get('enterprise/getEnterpriseById')
  async byId(@CurrentUser() user: AuthUser, @Query('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.companies.getVisible(user, id));
  }

  @Get('basic/company')
  @RequiresAction('newCompany:search')
  async list(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.companies.listVisible(user));
  }

  @Post('basic/company')
  @HttpCode(200)
  @RequiresAction('newCompany:add')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateCompanyWithAdminDto) {
    return okEnvelope(await this.withAdmin.create(user, dto));
  }

  @Put('basic/company/:id')
  @RequiresAction('newCompany:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCompanyDto) {
    return okEnvelope(await this.companies.update(user, id, dto));
  }

  @Delete('basic/company/:id')
  @RequiresAction('newCompany:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.companies.remove(user, id);
    return okEnvelope(true);
  }
}
