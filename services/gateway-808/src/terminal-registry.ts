import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalTerminalPhone, TerminalRegistrationState, type TerminalRegistryEntry } from '@openfleet/contracts';
import type { RegisterBody } from '@openfleet/jt808';

/** 0x8100 result codes. */
export const RegisterResult = {
  OK: 0,
  VEHICLE_ALREADY_REGISTERED: 1,
  NO_SUCH_VEHICLE: 2,
  TERMINAL_ALREADY_REGISTERED: 3,
  NO_SUCH_TERMINAL: 4,
} as const;
export type RegisterResultCode = (typeof RegisterResult)[keyof typeof RegisterResult];

export type RegistrationPolicy = 'strict' | 'open';

export interface RegisterOutcome {
  result: RegisterResultCode;
  authCode?: string;
  vehicleId: string;
}

/**
 * In-memory copy of the admin service's terminal registry (compacted topic), so registration
 * and authentication never make a remote call. Auth codes are derived from the phone with an
 * HMAC, so a terminal registered through one gateway instance can authenticate on any other.
 * Phones are matched in their canonical form: the header's zero-padded SIM number (2013: 12 digits,
 * 2019: 20) finds the registry's entry for the number as entered.
 */
export class TerminalRegistry {
  private readonly byPhone = new Map<string, TerminalRegistryEntry>();
  /** vehicleId -> phone of the terminal registered on it. */
  private readonly phoneByVehicle = new Map<string, string>();

  constructor(
    private readonly policy: RegistrationPolicy,
    private readonly secret: string,
  ) {}

  get size(): number {
    return this.byPhone.size;
  }

  apply(entry: TerminalRegistryEntry): void {
    const key = canonicalTerminalPhone(entry.terminalPhone);
    const previous = this.byPhone.get(key);
    if (previous?.vehicleId && this.phoneByVehicle.get(previous.vehicleId) === key) this.phoneByVehicle.delete(previous.vehicleId);
    if (entry.deleted) {
      this.byPhone.delete(key);
      return;
    }
    this.byPhone.set(key, entry);
    if (entry.vehicleId && entry.registrationState === TerminalRegistrationState.REGISTERED) this.phoneByVehicle.set(entry.vehicleId, key);
  }

  get(phone: string): TerminalRegistryEntry | undefined {
    return this.byPhone.get(canonicalTerminalPhone(phone));
  }

  vehicleIdOf(phone: string): string {
    return this.get(phone)?.vehicleId ?? '';
  }

  register(phone: string, body: RegisterBody): RegisterOutcome {
    const entry = this.get(phone);
    if (!entry) {
      if (this.policy === 'strict') return { result: RegisterResult.NO_SUCH_TERMINAL, vehicleId: '' };
      return { result: RegisterResult.OK, authCode: this.authCodeOf(phone), vehicleId: '' };
    }
    // Another device already registered under this phone (its terminal id differs).
    if (
      entry.registrationState === TerminalRegistrationState.REGISTERED &&
      entry.terminalCode &&
      body.terminalId.trim() &&
      entry.terminalCode !== body.terminalId.trim()
    )
      return { result: RegisterResult.TERMINAL_ALREADY_REGISTERED, vehicleId: entry.vehicleId };
    if (!entry.vehicleId) {
      if (this.policy === 'strict') return { result: RegisterResult.NO_SUCH_VEHICLE, vehicleId: '' };
    } else {
      const holder = this.phoneByVehicle.get(entry.vehicleId);
      if (holder !== undefined && holder !== canonicalTerminalPhone(phone))
        return { result: RegisterResult.VEHICLE_ALREADY_REGISTERED, vehicleId: entry.vehicleId };
    }
    return { result: RegisterResult.OK, authCode: entry.authCode || this.authCodeOf(phone), vehicleId: entry.vehicleId };
  }

  /** True when the code is the one issued to this phone (by the admin registry or derived here). */
  authenticate(phone: string, authCode: string): boolean {
    const entry = this.get(phone);
    if (!entry && this.policy === 'strict') return false;
    if (entry?.authCode && entry.authCode === authCode) return true;
    const expected = Buffer.from(this.authCodeOf(phone));
    const given = Buffer.from(authCode);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  authCodeOf(phone: string): string {
    return createHmac('sha256', this.secret).update(canonicalTerminalPhone(phone)).digest('hex').slice(0, 16).toUpperCase();
  }
}
