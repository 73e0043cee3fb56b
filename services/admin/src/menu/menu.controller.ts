import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { MenuService } from './menu.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

@ApiTags('menus')
@ApiBearerAuth()
@Controller('basic/resource')
@UseInterceptors(OperationLogInterceptor)
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  @Get('getCurrentUserTree')
  @ApiOperation({ summary: 'The caller menu tree: [{id: 2, label, href, icon, actionCode, type, children}]' })
  async currentUserTree(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.menus.currentUserTree(user));
  }

  @Get('tree')
  @RequiresAction('newMune:search')
  async fullTree() {
    return okEnvelope(await this.menus.fullTree());
  }
}
