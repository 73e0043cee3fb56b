import { Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { COMPANY_LOGO_MAX_BYTES, CompanyLogoService } from './company-logo.service';

/** A company's logo (spec §3 enterprise logo): upload, show, remove. */
@ApiTags('companies')
@ApiBearerAuth()
@Controller('basic/company')
@UseInterceptors(OperationLogInterceptor)
export class CompanyLogoController {
  constructor(private readonly logos: CompanyLogoService) {}

  @Post(':id/logo')
  @HttpCode(200)
  @RequiresAction('newCompany:modify')
  // Read up to twice the limit so an oversize logo answers 20005; beyond that multer stops reading (413).
  @UseInterceptors(FileInterceptor('logo', { limits: { fileSize: COMPANY_LOGO_MAX_BYTES * 2, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Stores the logo (field "logo", JPEG or PNG by content, at most 2 MB: else 20004/20005)' })
  async upload(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @UploadedFile() logo?: { buffer: Buffer }) {
    assertNotOwnCompany(user, id);
    return okEnvelope(await this.logos.upload(user, id, logo?.buffer));
  }

  @Get(':id/logo')
  @ApiOperation({ summary: 'The logo image of a company in the caller scope (404 when it has none)' })
  async show(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const { file, contentType } = await this.logos.open(user, id);
    await sendStoredFile(response, file, { contentType, fileName: `logo-${id}.${contentType === 'image/png' ? 'png' : 'jpg'}`, disposition: 'inline', cacheControl: 'private, max-age=300' });
  }

  @Delete(':id/logo')
  @RequiresAction('newCompany:modify')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    assertNotOwnCompany(user, id);
    await this.logos.remove(user, id);
    return okEnvelope(true);
  }
}

/** Spec §6: a user's own company cannot be modified (super administrators excepted). */
function assertNotOwnCompany(user: AuthUser, id: number): void {
  if (!user.superAdmin && id === Number(user.companyId)) throw new AppError(ErrorCode.NO_PERMISSION);
}
