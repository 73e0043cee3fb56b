import type { ServicePart } from '@openfleet/service-kit';
import { FaultController } from './fault.controller';
import { FaultRecord } from './fault-record.entity';
import { FaultRecorderService } from './fault-recorder.service';
import { FaultService } from './fault.service';
import { FaultTables1732540000000 } from './1732540000000-fault-tables';

/** Device and vehicle faults (faultInformation): kept from the alarms of fault kinds, listed and summed per kind. */
export const FAULT_PART: ServicePart = {
  entities: [FaultRecord],
  migrations: [FaultTables1732540000000],
  controllers: [FaultController],
  providers: [FaultService, FaultRecorderService],
};
