import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { RegisterDto } from './dto/register.dto';
import { RegistrationService } from './registration.service';

@ApiTags('auth')
@Controller()
@UseGuards(ThrottlerGuard)
@UseInterceptors(OperationLogInterceptor)
export class RegisterController {
  constructor(private readonly registrations: RegistrationService) {}

  @Public()
  @Post('register')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Registers a company and its administrator with the SMS code sent for purpose register: data {companyId, userId, account}. 3201 code empty, 3200 password empty, 3034 wrong code, 4001/4003/4016 taken, 424 registration off',
  })
  async register(@Body() dto: RegisterDto) {
    return okEnvelope(await this.registrations.register(dto));
  }
}
