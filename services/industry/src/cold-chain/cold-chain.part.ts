import type { ServicePart } from '@openfleet/service-kit';
import { ColdChainConfigService } from './cold-chain-config.service';
import { ColdChainExportService } from './cold-chain-export.service';
import { ColdChainQueryService } from './cold-chain-query.service';
import { ColdChainController } from './cold-chain.controller';
import { ColdChainConsumer } from './cold-chain.consumer';
import { COLD_CHAIN_ENTITIES } from './cold-chain.entities';
import { CreateColdChainTables1733400000000 } from './migrations/1733400000000-create-cold-chain-tables';

/** Cold chain: probe temperatures, humidity and doors, ranges, excursions, the cold-chain report (docs/industry.md). */
export const COLD_CHAIN_PART: ServicePart = {
  entities: COLD_CHAIN_ENTITIES,
  migrations: [CreateColdChainTables1733400000000],
  controllers: [ColdChainController],
  providers: [ColdChainConfigService, ColdChainConsumer, ColdChainQueryService, ColdChainExportService],
};
