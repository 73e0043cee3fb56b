import type { ServicePart } from '@openfleet/service-kit';
import { CreateOperationTables1733500000000 } from './migrations/1733500000000-create-operation-tables';
import { OPERATION_CONTROLLERS } from './operation.controller';
import { OPERATION_ENTITIES } from './operation.entities';
import { OperationImportService } from './operation-import';
import { OperatingRelationService } from './operating-relation.service';
import { ServiceTermService } from './service-term.service';
import { SpecialBusinessService } from './special-business.service';

/** Vehicle operation: operating relations (directVehicle), service terms (manageService), special business (specialBusiness). */
export const OPERATION_PART: ServicePart = {
  entities: OPERATION_ENTITIES,
  migrations: [CreateOperationTables1733500000000],
  controllers: OPERATION_CONTROLLERS,
  providers: [OperatingRelationService, ServiceTermService, SpecialBusinessService, OperationImportService],
};
