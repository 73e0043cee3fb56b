import type { VehicleServicePart } from '../part';
import { CreateRecordTables1733200000000 } from './migrations/1733200000000-create-record-tables';
import { RecordDueSource } from './record-due-source';
import { RECORD_ENTITIES } from './record.entities';

/** Insurance, maintenance, annual inspection, violation and accident records. */
export const RECORDS_PART: VehicleServicePart = {
  entities: RECORD_ENTITIES,
  migrations: [CreateRecordTables1733200000000],
  controllers: [],
  providers: [RecordDueSource],
};
