import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AllowRevokedSession, CurrentUser, Public, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_CONFIG, type AdminConfig } from '../admin-config';
import { LoginDto, LogoutDto, RefreshTokenDto } from './dto/login.dto';
import { LoginService } from './login.service';
import { SessionService } from './session.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

@ApiTags('auth')
@Controller()
@UseInterceptors(OperationLogInterceptor)
export class AuthController {
  constructor(
    private readonly logins: LoginService,
    private readonly sessions: SessionService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Password login (JSON or form): data = {access_token, refresh_token, token_type, expires_in, user_id}' })
  async login(@Body() dto: LoginDto) {
    return okEnvelope(await this.logins.login(dto.username, dto.password));
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/oauth/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refresh grant (form: refresh_token, grant_type=refresh_token, scope=server; Basic client credentials). Failure: errorCode 100' })
  async token(@Body() dto: RefreshTokenDto, @Headers('authorization') authorization?: string) {
    this.checkClient(authorization);
    if (dto.grant_type !== 'refresh_token' || !dto.refresh_token) throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'unsupported grant' });
    const pair = await this.sessions.refresh(dto.refresh_token);
    // OAuth clients read the fields at the top level, envelope clients in data: both are there.
    return { ...okEnvelope(pair), ...pair };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revokes the session of the token (and the given refresh token)' })
  async logout(@CurrentUser() user: AuthUser, @Body() dto: LogoutDto) {
    await this.sessions.revoke(user.sessionId, dto.refresh_token);
    return okEnvelope(true);
  }

  @Delete('auth/token/logout')
  @ApiBearerAuth()
  async logoutAlias(@CurrentUser() user: AuthUser) {
    await this.sessions.revoke(user.sessionId, undefined);
    return okEnvelope(true);
  }

  @Get('verifySessionStatus')
  // A revoked session gets the spec's 402 here, not the guard's 401.
  @AllowRevokedSession()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'data true while the session is alive; errorCode 402 after logout' })
  async verifySessionStatus(@CurrentUser() user: AuthUser) {
    if (!(await this.sessions.isActive(user.sessionId))) throw new AppError(ErrorCode.LOGIN_AGAIN);
    return okEnvelope(true);
  }

  private checkClient(authorization: string | undefined): void {
    const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
    const [id, secret] = match ? Buffer.from(match[1], 'base64').toString('utf8').split(':') : [];
    if (!id || !sameText(id, this.config.AUTH_CLIENT_ID) || !sameText(secret ?? '', this.config.AUTH_CLIENT_SECRET)) {
      throw new AppError(ErrorCode.REQUEST_FAILED, { detail: 'bad client credentials' });
    }
  }
}
