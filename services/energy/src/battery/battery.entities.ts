import { bigintNumber } from '@openfleet/storage';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Where a battery pack (or module) is in its life, spec §1 traceability: production to retirement. */
export const PackState = { PRODUCED: 1, INSTALLED: 2, AFTER_SALE: 3, RECOVERED: 4, RETIRED: 5 } as const;

/** Columns every traceability row has: its owning company and when it last changed. */
abstract class CompanyOwned {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'company_id', type: 'varchar', length: 32 }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** batteryModel: a battery type (chemistry, ratings, cells). */
@Entity('battery_model')
@Index('ux_battery_model_code', ['modelCode'], { unique: true })
export class BatteryModel extends CompanyOwned {
  @Column({ name: 'model_code', type: 'varchar', length: 32 }) modelCode!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  /** 1 LFP, 2 NCM, 3 LMO, 4 LTO, 5 NCA, 9 other. */
  @Column({ type: 'int' }) chemistry!: number;
  @Column({ name: 'rated_capacity_ah', type: 'double' }) ratedCapacityAh!: number;
  @Column({ name: 'rated_voltage_v', type: 'double' }) ratedVoltageV!: number;
  @Column({ name: 'rated_energy_kwh', type: 'double' }) ratedEnergyKwh!: number;
  @Column({ name: 'cell_count', type: 'int' }) cellCount!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) manufacturer!: string;
}

/** A battery pack from production (batteryProductionInfo, batteryPackInformation, afterSaleBatteryPackInfo). */
@Entity('battery_pack')
@Index('ux_battery_pack_code', ['packCode'], { unique: true })
export class BatteryPack extends CompanyOwned {
  /** GB/T 34014 code: 24 characters, digits and capitals. */
  @Column({ name: 'pack_code', type: 'varchar', length: 24 }) packCode!: string;
  @Column({ name: 'model_code', type: 'varchar', length: 32 }) modelCode!: string;
  @Column({ type: 'varchar', length: 64 }) producer!: string;
  @Column({ name: 'produced_on', type: 'varchar', length: 10 }) producedOn!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) batch!: string;
  /** The vehicle it is fitted to (17-character VIN), '' when in stock. */
  @Column({ type: 'varchar', length: 17, default: '' }) vin!: string;
  @Column({ name: 'installed_on', type: 'varchar', length: 10, default: '' }) installedOn!: string;
  @Column({ type: 'int' }) state!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
}

/** afterSaleBatteryModule: a module of a pack. */
@Entity('battery_module')
@Index('ux_battery_module_code', ['moduleCode'], { unique: true })
export class BatteryModule extends CompanyOwned {
  @Column({ name: 'module_code', type: 'varchar', length: 24 }) moduleCode!: string;
  @Column({ name: 'pack_code', type: 'varchar', length: 24 }) packCode!: string;
  @Column({ name: 'cell_count', type: 'int' }) cellCount!: number;
  @Column({ name: 'produced_on', type: 'varchar', length: 10 }) producedOn!: string;
  @Column({ type: 'int' }) state!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
}

/** Record kinds and the pack state each one leaves the pack in. */
export const RECORD_KINDS = { warehouseIn: PackState.AFTER_SALE, warehouseOut: PackState.INSTALLED, recovery: PackState.RECOVERED, retirement: PackState.RETIRED, factoryRetirement: PackState.RETIRED } as const;
export type RecordKind = keyof typeof RECORD_KINDS;

/**
 * A step of a pack's life after production: after-sale warehouse in/out (afterSaleBatteryWarehouse),
 * recovery (batteryRecoveryInfo), retirement by the operator (batteryRetirementInfo) or by the
 * factory (batteryFactoryRetirementInfo).
 */
@Entity('battery_record')
@Index('ix_battery_record_pack', ['packCode', 'happenedOn'])
export class BatteryRecord extends CompanyOwned {
  @Column({ type: 'varchar', length: 20 }) kind!: RecordKind;
  @Column({ name: 'pack_code', type: 'varchar', length: 24 }) packCode!: string;
  @Column({ name: 'happened_on', type: 'varchar', length: 10 }) happenedOn!: string;
  /** Warehouse, recycler or receiving party. */
  @Column({ type: 'varchar', length: 64, default: '' }) party!: string;
  /** State of health at the step, % of rated capacity; null when not measured. */
  @Column({ name: 'residual_capacity_pct', type: 'double', nullable: true }) residualCapacityPct!: number | null;
  /** Retirement and recovery: 1 echelon use, 2 recycling (dismantling); 0 not applicable. */
  @Column({ type: 'int', default: 0 }) destination!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) reason!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) operator!: string;
}
