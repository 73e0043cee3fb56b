import type { BusStop } from '@openfleet/contracts';
import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A line of a company with the ordered stops of both directions (stops change together with their line, so they travel as one JSON column each). */
@Entity('bus_line')
export class BusLineRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 32 }) code!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ name: 'scheduled_headway_s', type: 'int', nullable: true }) scheduledHeadwayS!: number | null;
  @Column({ name: 'up_stops', type: 'text', transformer: jsonText }) upStops!: BusStop[];
  @Column({ name: 'down_stops', type: 'text', transformer: jsonText }) downStops!: BusStop[];
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** A vehicle assigned to a line: one line per vehicle. */
@Entity('bus_line_vehicle')
export class BusLineVehicleRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'line_id', type: 'bigint', transformer: bigintNumber }) lineId!: number;
  @Column({ type: 'varchar', length: 4 }) direction!: string;
}

/** An arrival (with its departure once seen) or a skipped stop; `event_key` (vehicle, stop, arrival) makes a replay write nothing twice. */
@Entity('bus_stop_event')
export class BusStopEventRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'event_key', type: 'varchar', length: 96 }) eventKey!: string;
  @Column({ name: 'line_id', type: 'bigint', transformer: bigintNumber }) lineId!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'plate_code', type: 'varchar', length: 32 }) plateCode!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255 }) fleetPath!: string;
  @Column({ type: 'varchar', length: 4 }) direction!: string;
  @Column({ type: 'int' }) seq!: number;
  @Column({ name: 'stop_id', type: 'varchar', length: 32 }) stopId!: string;
  @Column({ name: 'stop_name', type: 'varchar', length: 64 }) stopName!: string;
  @Column({ name: 'arrived_at', type: 'bigint', transformer: bigintNumber }) arrivedAt!: number;
  @Column({ name: 'departed_at', type: 'bigint', nullable: true, transformer: bigintNumber }) departedAt!: number | null;
  @Column({ name: 'dwell_s', type: 'double', nullable: true }) dwellS!: number | null;
  @Column({ type: 'int' }) skipped!: number;
}

/** A learnt duration: a run between consecutive stops or a dwell at one; the predictor reads the last days of a line. */
@Entity('bus_segment_time')
export class BusSegmentTimeRow {
  @PrimaryColumn({ name: 'line_id', type: 'bigint', transformer: bigintNumber }) lineId!: number;
  @PrimaryColumn({ type: 'varchar', length: 4 }) direction!: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) kind!: string;
  @PrimaryColumn({ type: 'int' }) seq!: number;
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @PrimaryColumn({ name: 'started_at', type: 'bigint', transformer: bigintNumber }) startedAt!: number;
  @Column({ name: 'duration_s', type: 'double' }) durationS!: number;
}

/** Each bus's place on its line (the detector's state), written after every batch: the strip reads it, a new owner resumes from it. */
@Entity('bus_vehicle_state')
export class BusVehicleStateRow {
  @PrimaryColumn({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'line_id', type: 'bigint', transformer: bigintNumber }) lineId!: number;
  @Column({ type: 'text', transformer: jsonText }) state!: object;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

export const BUS_LINE_ENTITIES = [BusLineRow, BusLineVehicleRow, BusStopEventRow, BusSegmentTimeRow, BusVehicleStateRow];
