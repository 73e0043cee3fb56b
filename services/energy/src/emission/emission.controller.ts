import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { PageQueryDto } from '@openfleet/service-kit';
import { IsString, MaxLength } from 'class-validator';
import { EmissionService } from './emission.service';

const WINDOW = '"YYYY-MM-DD HH:mm:ss" (China time) or epoch ms';

export class EmissionPageQueryDto extends PageQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: `${WINDOW}; at most 7 days` }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}

export class EmissionSeriesQueryDto {
  @ApiProperty() @IsString() @MaxLength(32) vehicleId!: string;
  @ApiProperty({ description: `${WINDOW}; at most 1 day` }) @IsString() @MaxLength(32) startTime!: string;
  @ApiProperty() @IsString() @MaxLength(32) endTime!: string;
}

/** emissionData, noxData, ureaData: HJ 1239 data of heavy-duty diesel vehicles. */
@ApiTags('energy')
@ApiBearerAuth()
@Controller('energy/emission')
export class EmissionController {
  constructor(private readonly emission: EmissionService) {}

  @Get('streams')
  @RequiresAnyAction('emissionData', 'emissionData:search', 'noxData', 'noxData:search', 'ureaData', 'ureaData:search')
  @ApiOperation({ summary: 'Data streams (speed, torque, NOx, SCR temperatures, DPF, reagent, urea, position), newest first' })
  async streams(@CurrentUser() user: AuthUser, @Query() query: EmissionPageQueryDto) {
    return okEnvelope(await this.emission.streamPage(user, query));
  }

  @Get('obd')
  @RequiresAnyAction('emissionData', 'emissionData:search')
  @ApiOperation({ summary: 'OBD reports: protocol, MIL, diagnostic support and readiness, calibration id, CVN, IUPR, fault codes' })
  async obd(@CurrentUser() user: AuthUser, @Query() query: EmissionPageQueryDto) {
    return okEnvelope(await this.emission.obdPage(user, query));
  }

  @Get('series')
  @RequiresAnyAction('noxData', 'noxData:search', 'ureaData', 'ureaData:search')
  @ApiOperation({ summary: 'Chart series of a day: NOx up- and downstream, SCR temperatures, reagent, urea tank, dosing and consumption' })
  async series(@CurrentUser() user: AuthUser, @Query() query: EmissionSeriesQueryDto) {
    return okEnvelope(await this.emission.series(user, query));
  }
}
