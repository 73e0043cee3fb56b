import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericId } from '../common/columns';

@Entity('terminal')
export class Terminal {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numericId }) id!: number;
  /** 7 characters, uppercase letters/digits (as reported in 0x0100). */
  @Column({ name: 'terminal_code', type: 'varchar', length: 7 }) terminalCode!: string;
  /** The SIM number the terminal identifies itself with (11 digits). */
  @Column({ name: 'terminal_phone', type: 'varchar', length: 20 }) terminalPhone!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) manufacturer!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) model!: string | null;
  @Column({ name: 'protocol_version', type: 'varchar', length: 8, default: '2019' }) protocolVersion!: string;
  @Column({ name: 'company_id', type: 'bigint', transformer: numericId }) companyId!: number;
  @Column({ name: 'company_path', type: 'varchar', length: 255 }) companyPath!: string;
  @Column({ name: 'vehicle_id', type: 'bigint', nullable: true, transformer: numericId }) vehicleId!: number | null;
  /** TerminalRegistrationState: 0 unregistered, 1 registered, 2 logged off. */
  @Column({ name: 'registration_state', type: 'int', default: 0 }) registrationState!: number;
  @Column({ name: 'auth_code', type: 'varchar', length: 64, default: '' }) authCode!: string;
  /** The device id of the 0x0100 it registered with; another device with this SIM gets 0x8100 result 3. */
  @Column({ name: 'device_id', type: 'varchar', length: 32, default: '' }) deviceId!: string;
  /** JT/T 1078 video channels the terminal has (0: no video device); the live screen offers channels 1..n. */
  @Column({ name: 'video_channels', type: 'int', default: 0 }) videoChannels!: number;
  @Column({ name: 'hardware_version', type: 'varchar', length: 32, nullable: true }) hardwareVersion!: string | null;
  @Column({ name: 'firmware_version', type: 'varchar', length: 32, nullable: true }) firmwareVersion!: string | null;
  @Column({ name: 'can_protocol_version', type: 'varchar', length: 16, nullable: true }) canProtocolVersion!: string | null;
  /** Stored address; the console shows the gateway session's address instead while the terminal is online. */
  @Column({ type: 'varchar', length: 45, nullable: true }) ip!: string | null;
  @Column({ type: 'int', nullable: true }) port!: number | null;
  /** The gateway's view of the connection (gateway.session.v2): shown instead of ip/port while online. */
  @Column({ name: 'session_ip', type: 'varchar', length: 45, nullable: true }) sessionIp!: string | null;
  @Column({ name: 'session_port', type: 'int', nullable: true }) sessionPort!: number | null;
  @Column({ name: 'session_online', type: 'int', default: 0 }) sessionOnline!: number;
  /** Event time of the last session event applied (older redeliveries are ignored). */
  @Column({ name: 'session_at', type: 'bigint', default: 0, transformer: numericId }) sessionAt!: number;
  @Column({ name: 'updated_at', type: 'bigint', transformer: numericId }) updatedAt!: number;
}
