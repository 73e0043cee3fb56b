import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceStorageModule, type ServicePart } from '@openfleet/service-kit';
import { CreateOpenApiTables1734400000000 } from './migrations/1734400000000-create-open-api-tables';
import { OpenApiGate, OPEN_API_STORAGE } from './open-api-gate.service';
import { OpenApiKeyController } from './open-api-key.controller';
import { OpenApiKey } from './open-api-key.entity';
import { OpenApiKeyService } from './open-api-key.service';
import { OpenApiController } from './open-api.controller';
import { OpenApiGuard } from './open-api.guard';
import { OwnRoutesClient } from './own-routes.client';
import { SecretSeal } from './secret-seal';

/** The open API (docs/open-api.md): app keys, the signed calls, and the api's own storage they need. */
export const OPEN_API_PART: ServicePart = {
  entities: [OpenApiKey],
  migrations: [CreateOpenApiTables1734400000000],
  controllers: [OpenApiKeyController, OpenApiController],
  providers: [SecretSeal, OwnRoutesClient, OpenApiGate, OpenApiGuard, OpenApiKeyService],
};

/** Imports of the api module for the open API's storage. */
export const OPEN_API_IMPORTS = [
  ServiceStorageModule.forService(OPEN_API_STORAGE, { entities: OPEN_API_PART.entities, migrations: OPEN_API_PART.migrations }),
  TypeOrmModule.forFeature(OPEN_API_PART.entities, OPEN_API_STORAGE),
];
