import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import type { DataSource } from 'typeorm';
import { DayMileageAccumulator } from './day-mileage';

/** How often the gathered km are written: a crash loses at most this much driving (not financial data). */
const FLUSH_MS = 10_000;

/**
 * The km each vehicle drives per day, for maintenance by distance and the predicted service day.
 * Tracking publishes no daily mileage, and no service reads another's tables, so this follows the
 * positions tracking publishes (its own consumer group: each instance adds the km of the
 * partitions it owns) and adds them to `reminder_vehicle_mileage` every 10 s.
 */
@Injectable()
export class DayMileageConsumer extends BusConsumer {
  private readonly logger = new Logger(DayMileageConsumer.name);
  private readonly accumulator = new DayMileageAccumulator();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @InjectDataSource('vehicle_service') private readonly dataSource: DataSource,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: 'vehicle-service-reminder-mileage',
        fromBeginning: false,
        each: (position) => {
          const vehicle = this.registry.find(position);
          if (vehicle) this.accumulator.offer(vehicle.vehicleId, position);
        },
      }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await super.onModuleDestroy();
    await this.flush();
  }

  /** Adds the gathered km to their (vehicle, day) rows; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const rows = this.accumulator.drain();
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const upsert = sqlite ? 'ON CONFLICT(vehicle_id, day) DO UPDATE SET km = km + excluded.km' : 'ON DUPLICATE KEY UPDATE km = km + VALUES(km)';
    // 1,000 rows a statement keeps SQLite under its bound-parameter limit.
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      try {
        const values = chunk.map(() => '(?, ?, ?)').join(',');
        await this.dataSource.query(`INSERT INTO reminder_vehicle_mileage (vehicle_id, day, km) VALUES ${values} ${upsert}`, chunk.flatMap((row) => [row.vehicleId, row.day, row.km]));
      } catch (error) {
        this.accumulator.restore(rows.slice(start));
        this.logger.warn(`daily mileage not written, kept for the next flush: ${(error as Error).message}`);
        return;
      }
    }
  }
}
