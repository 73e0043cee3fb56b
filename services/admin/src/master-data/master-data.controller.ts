import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { VehicleMasterService } from '../vehicle-master/vehicle-master.service';
import { LookupQueryDto } from './dto/lookup.dto';
import { VehicleModelLookupService } from './vehicle-model-lookup.service';

/**
 * Picker lists of spec §7 for any signed-in user (they fill the vehicle form's select boxes):
 * brands, models and engines from the shared catalogues, owners from the caller's companies.
 */
@ApiTags('master data')
@ApiBearerAuth()
@Controller('basic')
export class MasterDataController {
  constructor(
    private readonly lookups: VehicleModelLookupService,
    private readonly masters: VehicleMasterService,
  ) {}

  @Get('vbrand/findBrand')
  @ApiOperation({ summary: 'Every vehicle brand, by name: [{id, brand, name}]' })
  async findBrand() {
    return okEnvelope(await this.lookups.brandList());
  }

  @Get('vmodel/findModel')
  @ApiOperation({ summary: 'Models of a brand (brandId, or brand name in keyword), or all: [{id, model, name, brandId, brand, engineModelId, carFactoryId}]' })
  async findModel(@Query() query: LookupQueryDto) {
    return okEnvelope(await this.lookups.modelList(query.brandId, query.keyword));
  }

  @Get('vmodel/findVehicleModelEngineInfoList')
  @ApiOperation({ summary: 'findModel rows plus engine (engine model row or null) and carFactory (row or null)' })
  async findVehicleModelEngineInfoList(@Query() query: LookupQueryDto) {
    return okEnvelope(await this.lookups.modelsWithEngines(query.brandId, query.keyword));
  }

  @Get('vehicleMaster/getUnbindMasters')
  @ApiOperation({ summary: 'Visible vehicle masters no vehicle points at (keyword: name or phone), at most 1000' })
  async getUnbindMasters(@CurrentUser() user: AuthUser, @Query() query: LookupQueryDto) {
    return okEnvelope(await this.masters.unbound(user, query.keyword));
  }
}
