import type { ServicePart } from '@openfleet/service-kit';
import { BusLineCatalogue } from './bus-line-catalogue';
import { BusLineController } from './bus-line.controller';
import { BUS_LINE_ENTITIES } from './bus-line.entities';
import { BusLineExcelService } from './bus-line-excel.service';
import { BusLineQueryService } from './bus-line-query.service';
import { BusLineService } from './bus-line.service';
import { BusStopConsumer } from './bus-stop.consumer';
import { CreateBusLineTables1733410000000 } from './migrations/1733410000000-create-bus-line-tables';

/** Bus lines and stops, arrivals and departures, the live strip, arrival-time prediction (docs/industry.md "Bus lines"). */
export const BUS_LINE_PART: ServicePart = {
  entities: BUS_LINE_ENTITIES,
  migrations: [CreateBusLineTables1733410000000],
  controllers: [BusLineController],
  providers: [BusLineCatalogue, BusLineService, BusLineQueryService, BusLineExcelService, BusStopConsumer],
};
