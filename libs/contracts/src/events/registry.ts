import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

// Snapshots the admin service publishes on compacted topics (latest record per key wins), so other
// services keep what they need in memory with no remote call per frame or per request.

/** Terminal registration states (spec §4: registered -> logged off via the unbind flow). */
export const TerminalRegistrationState = { UNREGISTERED: 0, REGISTERED: 1, LOGGED_OFF: 2 } as const;

/** A terminal as the 808 gateway needs it (topic admin.terminal-registry.v1, key terminal phone). */
export interface TerminalRegistryEntry {
  terminalPhone: string;
  terminalId: string;
  /** Terminal code as the device reports it in 0x0100 (7 chars, uppercase/digits). */
  terminalCode: string;
  /** Empty when the terminal is not bound to a vehicle. */
  vehicleId: string;
  plateCode: string;
  plateColor: number;
  companyId: string;
  /** Auth code issued at registration; empty until registered. */
  authCode: string;
  registrationState: number;
  /** The device id the terminal registered with (0x0100); empty until registered. */
  deviceId?: string;
  protocolVersion: string;
  /** JT/T 1078 video channels (0 or absent: no video device). */
  videoChannels?: number;
  /** True when the terminal was deleted: consumers drop it. */
  deleted: boolean;
  updatedAt: number;
}

export const terminalRegistryCodec = jsonCodec<TerminalRegistryEntry>((value) =>
  checkFields(value, {
    terminalPhone: 'string',
    terminalId: 'string',
    terminalCode: 'string',
    vehicleId: 'string',
    plateCode: 'string',
    plateColor: 'number',
    companyId: 'string',
    authCode: 'string',
    registrationState: 'number',
    deviceId: 'string?',
    protocolVersion: 'string',
    videoChannels: 'number?',
    deleted: 'boolean',
    updatedAt: 'number',
  }),
);

/** A vehicle with its place in the organisation (topic admin.vehicle-registry.v1, key vehicle id). */
export interface VehicleRegistryEntry {
  vehicleId: string;
  plateCode: string;
  plateColor: number;
  vin: string;
  companyId: string;
  /** Company ids from the root down to the owning company: vehicle scope checks match any of them. */
  companyPath: string[];
  /** Fleet ids from the top fleet down to the vehicle's fleet (empty when directly under the company). */
  fleetPath: string[];
  terminalPhone: string;
  /** Vehicle type code of the vehicle master data (alarm rules may differ by it); absent in entries from before it was published. */
  vehicleType?: number;
  deleted: boolean;
  updatedAt: number;
}

export const vehicleRegistryCodec = jsonCodec<VehicleRegistryEntry>((value) =>
  checkFields(value, {
    vehicleId: 'string',
    plateCode: 'string',
    plateColor: 'number',
    vin: 'string',
    companyId: 'string',
    companyPath: 'object',
    fleetPath: 'object',
    terminalPhone: 'string',
    deleted: 'boolean',
    updatedAt: 'number',
  }),
);

/** The action codes a role grants (topic admin.role-permissions.v1, key role id). */
export interface RolePermissions {
  roleId: string;
  actionCodes: string[];
  deleted: boolean;
  updatedAt: number;
}

export const rolePermissionsCodec = jsonCodec<RolePermissions>((value) =>
  checkFields(value, { roleId: 'string', actionCodes: 'object', deleted: 'boolean', updatedAt: 'number' }),
);
