import { Body, Controller, Delete, HttpCode, Param, ParseIntPipe, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { CreateMenuNodeDto, UpdateMenuNodeDto } from './dto/menu-node.dto';
import { MenuEditService } from './menu-edit.service';

/** /index/newMune edits: menu nodes and button resources (`newMune:add|modify|delete`, platform owner only). */
@ApiTags('menus')
@ApiBearerAuth()
@Controller('basic/resource')
@UseInterceptors(OperationLogInterceptor)
export class MenuEditController {
  constructor(private readonly menus: MenuEditService) {}

  @Post()
  @HttpCode(200)
  @RequiresAction('newMune:add')
  @ApiOperation({ summary: 'Adds a directory, page or button; 4041 when the name (among siblings), path or action code exists' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateMenuNodeDto) {
    return okEnvelope(await this.menus.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('newMune:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateMenuNodeDto) {
    return okEnvelope(await this.menus.update(user, id, dto));
  }

  @Delete(':id')
  @RequiresAction('newMune:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.menus.remove(user, id);
    return okEnvelope(true);
  }
}
