import { LocalFileStore, PlatformConfig, PROCESS_ENV, loadConfig } from '@openfleet/service-kit';
import { join } from 'node:path';
import type { ServicePart } from '@openfleet/service-kit';
import { CreateRecordTables1733200000000 } from './migrations/1733200000000-create-record-tables';
import { RECORD_CONTROLLERS } from './record.controller';
import { RecordAttachmentsService, RECORD_FILE_STORE } from './record-attachments.service';
import { RecordDueSource } from './record-due-source';
import { RECORD_ENTITIES } from './record.entities';
import { RecordExcelService } from './record-excel.service';
import { RecordsService } from './records.service';

/** Insurance, maintenance, annual inspection, violation and accident records. */
export const RECORDS_PART: ServicePart = {
  entities: RECORD_ENTITIES,
  migrations: [CreateRecordTables1733200000000],
  controllers: RECORD_CONTROLLERS,
  providers: [
    {
      provide: RECORD_FILE_STORE,
      inject: [PROCESS_ENV],
      // DATA_DIR is a volume every instance mounts in cluster mode, as alarm evidence is.
      useFactory: (env: NodeJS.ProcessEnv) => new LocalFileStore(join(loadConfig(PlatformConfig, env).DATA_DIR, 'record-attachments')),
    },
    RecordsService,
    RecordExcelService,
    RecordAttachmentsService,
    RecordDueSource,
  ],
};
