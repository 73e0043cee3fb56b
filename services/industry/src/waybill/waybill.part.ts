import { serviceConfigProvider, type ServicePart } from '@openfleet/service-kit';
import { CreateWaybillTables1733420000000 } from './migrations/1733420000000-create-waybill-tables';
import { WAYBILL_CONFIG, WaybillConfig } from './waybill-config';
import { WaybillController } from './waybill.controller';
import { Waybill, WaybillDriverCard, WaybillUpload } from './waybill.entity';
import { WaybillImportService } from './waybill-import.service';
import { WaybillSenderService } from './waybill-sender.service';
import { WaybillTrackerService } from './waybill-tracker.service';
import { WaybillUploadIngest } from './waybill-upload.ingest';
import { WaybillUploadService } from './waybill-upload.service';
import { WaybillService } from './waybill.service';

/** Electronic waybills: 0x0701 uploads decoded and stored, dispatchers' waybills tracked against trips. */
export const WAYBILL_PART: ServicePart = {
  entities: [Waybill, WaybillUpload, WaybillDriverCard],
  migrations: [CreateWaybillTables1733420000000],
  controllers: [WaybillController],
  providers: [serviceConfigProvider(WAYBILL_CONFIG, WaybillConfig), WaybillService, WaybillUploadService, WaybillSenderService, WaybillImportService, WaybillTrackerService, WaybillUploadIngest],
};
