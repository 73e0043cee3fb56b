import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { ForgetPasswordDto, SendCodeDto } from './dto/sms.dto';
import { SmsCodeService } from './sms-code.service';

@ApiTags('auth')
@Controller()
@UseGuards(ThrottlerGuard)
@UseInterceptors(OperationLogInterceptor)
export class SmsController {
  constructor(private readonly codes: SmsCodeService) {}

  @Public()
  @Post('sms/sendCode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a verification code: purpose forgetPwd (default; 3202 unknown phone) or register (4016 phone taken); 3203 within 60 s, 3204 send failed' })
  async sendCode(@Body() dto: SendCodeDto) {
    await this.codes.sendCode(dto.phone, dto.purpose);
    return okEnvelope(true);
  }

  @Public()
  @Post('forgetPwd')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the SMS code (3201 code empty, 3200 password empty, 3034 wrong code)' })
  async forgetPassword(@Body() dto: ForgetPasswordDto) {
    await this.codes.resetPassword(dto.phone, dto.code, dto.password);
    return okEnvelope(true);
  }
}
