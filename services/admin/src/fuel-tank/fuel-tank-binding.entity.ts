import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

/** A fuel tank fitted to a vehicle: slot 1 or 2, read by the sensor on analog AD0 or AD1 (docs/fuel.md). */
@Entity('fuel_tank_vehicle')
export class FuelTankBinding {
  @PrimaryColumn({ name: 'vehicle_id', type: 'bigint', transformer: numericId }) vehicleId!: number;
  @PrimaryColumn({ type: 'int' }) slot!: number;
  @Column({ name: 'tank_id', type: 'bigint', transformer: numericId }) tankId!: number;
}
