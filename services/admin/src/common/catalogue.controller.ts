import { Body, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, UseInterceptors, ValidationPipe, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import type { CatalogueCrud } from './catalogue.service';
import type { PageQueryDto } from './paging.dto';

export interface CatalogueRoutes {
  /** Menu screen whose buttons guard the calls: `<screen>:search|add|modify|delete`. */
  screen: string;
  create: Type<object>;
  update: Type<object>;
  query: Type<PageQueryDto>;
}

// The DTO types are generic here, so the global pipe sees `Object` and skips them: validate explicitly.
const validate = (expectedType: Type<object>) => new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, expectedType });

/**
 * Base class for a catalogue's REST controller: `GET /` (paged search), `GET /:id`, `POST /`,
 * `PUT /:id`, `DELETE /:id`, each behind its action code. The subclass adds `@Controller(path)`.
 */
export function CatalogueController(routes: CatalogueRoutes) {
  const code = (action: string) => `${routes.screen}:${action}`;

  @ApiBearerAuth()
  @UseInterceptors(OperationLogInterceptor)
  abstract class CatalogueControllerBase {
    // Public: TypeScript cannot declare protected members on an exported class expression.
    constructor(readonly service: CatalogueCrud) {}

    @Get()
    @RequiresAction(code('search'))
    @ApiOperation({ summary: `Paged search (${code('search')})` })
    @ApiQuery({ type: routes.query })
    async page(@CurrentUser() user: AuthUser, @Query(validate(routes.query)) query: PageQueryDto & Record<string, unknown>) {
      return okEnvelope(await this.service.page(user, query));
    }

    @Get(':id')
    @RequiresAction(code('search'))
    async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      return okEnvelope(await this.service.get(user, id));
    }

    @Post()
    @HttpCode(200)
    @RequiresAction(code('add'))
    @ApiBody({ type: routes.create })
    async create(@CurrentUser() user: AuthUser, @Body(validate(routes.create)) dto: object) {
      return okEnvelope(await this.service.create(user, dto));
    }

    @Put(':id')
    @RequiresAction(code('modify'))
    @ApiBody({ type: routes.update })
    async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body(validate(routes.update)) dto: object) {
      return okEnvelope(await this.service.update(user, id, dto));
    }

    @Delete(':id')
    @RequiresAction(code('delete'))
    async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      await this.service.remove(user, id);
      return okEnvelope(true);
    }
  }
  return CatalogueControllerBase;
}
