import type { WaybillPlace, WaybillStatus } from '@openfleet/contracts';
import { bigintNumber, jsonText } from '@openfleet/storage';
import { Column, Entity, PrimaryColumn } from 'typeorm';

const nullableMs = { type: 'bigint', nullable: true, transformer: bigintNumber } as const;

/**
 * A dispatcher's waybill (运单): goods from a shipper to a consignee on one vehicle and driver,
 * with its planned places and times. Status, departure and arrival are written by the tracker from
 * the vehicle's positions; the company and fleet paths are the vehicle's when it was assigned.
 */
@Entity('waybill')
export class Waybill {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ type: 'varchar', length: 64 }) shipper!: string;
  @Column({ name: 'shipper_phone', type: 'varchar', length: 20, default: '' }) shipperPhone!: string;
  @Column({ type: 'varchar', length: 64 }) consignee!: string;
  @Column({ name: 'consignee_phone', type: 'varchar', length: 20, default: '' }) consigneePhone!: string;
  @Column({ type: 'varchar', length: 128 }) goods!: string;
  @Column({ name: 'weight_kg', type: 'int', default: 0 }) weightKg!: number;
  @Column({ name: 'dangerous_class', type: 'int', default: 0 }) dangerousClass!: number;
  @Column({ type: 'text', transformer: jsonText }) origin!: WaybillPlace;
  @Column({ type: 'text', transformer: jsonText }) destination!: WaybillPlace;
  @Column({ type: 'text', transformer: jsonText }) via!: WaybillPlace[];
  @Column({ name: 'planned_depart_at', type: 'bigint', transformer: bigintNumber }) plannedDepartAt!: number;
  @Column({ name: 'planned_arrive_at', type: 'bigint', transformer: bigintNumber }) plannedArriveAt!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32 }) vehicleId!: string;
  @Column({ name: 'driver_id', type: 'varchar', length: 32, default: '' }) driverId!: string;
  @Column({ name: 'driver_name', type: 'varchar', length: 32, default: '' }) driverName!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) remark!: string;
  @Column({ name: 'company_id', type: 'varchar', length: 32, default: '' }) companyId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ type: 'varchar', length: 16, default: 'planned' }) status!: WaybillStatus;
  @Column({ type: 'int', default: 0 }) late!: number;
  /** A position inside the origin radius was seen: leaving it is the departure. */
  @Column({ name: 'seen_at_origin', type: 'int', default: 0 }) seenAtOrigin!: number;
  @Column({ name: 'departed_at', ...nullableMs }) departedAt!: number | null;
  @Column({ name: 'arrived_at', ...nullableMs }) arrivedAt!: number | null;
  @Column({ name: 'send_request_id', type: 'varchar', length: 64, default: '' }) sendRequestId!: string;
  @Column({ name: 'send_status', type: 'int', nullable: true }) sendStatus!: number | null;
  @Column({ name: 'send_error_code', type: 'int', default: 0 }) sendErrorCode!: number;
  @Column({ name: 'sent_at', ...nullableMs }) sentAt!: number | null;
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber }) updatedAt!: number;
}

/** One 0x0701 electronic waybill a terminal reported; (terminal, serial, received) makes redelivery harmless. */
@Entity('waybill_upload')
export class WaybillUpload {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber }) id!: number;
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ type: 'int' }) serial!: number;
  @Column({ name: 'received_at', type: 'bigint', transformer: bigintNumber }) receivedAt!: number;
  @Column({ name: 'vehicle_id', type: 'varchar', length: 32, default: '' }) vehicleId!: string;
  @Column({ name: 'company_path', type: 'varchar', length: 255, default: '' }) companyPath!: string;
  @Column({ name: 'fleet_path', type: 'varchar', length: 255, default: '' }) fleetPath!: string;
  @Column({ name: 'driver_name', type: 'varchar', length: 32, default: '' }) driverName!: string;
  @Column({ name: 'driver_licence', type: 'varchar', length: 40, default: '' }) driverLicence!: string;
  @Column({ type: 'int' }) length!: number;
  @Column({ name: 'content_text', type: 'text' }) contentText!: string;
  @Column({ name: 'content_hex', type: 'text' }) contentHex!: string;
}

/** The driver card now in a terminal (last 0x0702): who drove when a waybill was reported. */
@Entity('waybill_driver_card')
export class WaybillDriverCard {
  @PrimaryColumn({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) name!: string;
  @Column({ type: 'varchar', length: 40, default: '' }) licence!: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) at!: number;
}
