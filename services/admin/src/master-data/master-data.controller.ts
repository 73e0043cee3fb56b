import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { VehicleQueryDto } from '../vehicle/dto/vehicle.dto';
import { VehicleService } from '../vehicle/vehicle.service';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';

/**
 * Picker lists of spec §7. Brands and models come from the caller's vehicles until the brand/model
 * catalogue screens exist; vehicle masters (owners) and engine models answer empty lists for now.
 */
@ApiTags('master data')
@ApiBearerAuth()
@Controller('basic')
@UseGuards(AuthGuard)
@UseInterceptors(OperationLogInterceptor)
export class MasterDataController {
  constructor(private readonly vehicles: VehicleService) {}

  @Get('vbrand/findBrand')
  @ApiOperation({ summary: 'Distinct brands of the caller vehicles: [{brand}]' })
  async findBrand(@CurrentUser() user: AuthUser) {
    const rows = await this.vehicles.scoped(user).select('DISTINCT vehicle.brand', 'brand').andWhere('vehicle.brand IS NOT NULL').getRawMany<{ brand: string }>();
    return okEnvelope(rows.map((row) => ({ brand: row.brand })).sort((a, b) => a.brand.localeCompare(b.brand)));
  }

  @Get('vmodel/findModel')
  @ApiOperation({ summary: 'Distinct models of the caller vehicles (optionally of one brand, query keyword)' })
  async findModel(@CurrentUser() user: AuthUser, @Query() query: VehicleQueryDto) {
    const builder = this.vehicles.scoped(user).select('DISTINCT vehicle.model', 'model').addSelect('vehicle.brand', 'brand').andWhere('vehicle.model IS NOT NULL');
    if (query.keyword) builder.andWhere('vehicle.brand = :brand', { brand: query.keyword });
    return okEnvelope(await builder.getRawMany());
  }

  @Get('vehicleMaster/getUnbindMasters')
  getUnbindMasters() {
    return okEnvelope([]);
  }

  @Get('vmodel/findVehicleModelEngineInfoList')
  findVehicleModelEngineInfoList() {
    return okEnvelope([]);
  }
}
