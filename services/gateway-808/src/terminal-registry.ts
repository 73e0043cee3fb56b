import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalTerminalPhone, TerminalRegistrationState, type TerminalRegistryEntry } from '@openfleet/contracts';
import type { RegisterBody } from '@openfleet/jt808';

/** 0x8100 results (JT/T 808-2013 table 8 / 2019 table 9). */
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
  /** True when the phone is provisioned in the admin registry (the registration must be stored there). */
  provisioned: boolean;
  /** The device id of 0x0100, trimmed. */
  deviceId: string;
}

/**
 * In-memory copy of the admin service's terminal registry (compacted topic), so registration
 * and authentication never make a remote call. Phones are matched in their canonical form: the
 * header's zero-padded SIM number (2013: 12 digits, 2019: 20) finds the entry as entered.
 *
 * A provisioned phone always follows the registry, whatever the policy: its device id, its vehicle
 * binding and the auth code issued at its registration (random, stored by admin). Only a phone the
 * registry does not know is admitted by `open`, with a code derived from the deployment secret.
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

  register(phone: string, body: RegisterBody, protocolVersion: string): RegisterOutcome {
    const deviceId = body.terminalId.trim();
    const entry = this.get(phone);
    if (!entry) {
      if (this.policy === 'strict') return { result: RegisterResult.NO_SUCH_TERMINAL, vehicleId: '', provisioned: false, deviceId };
      return { result: RegisterResult.OK, authCode: this.derivedAuthCode(phone), vehicleId: '', provisioned: false, deviceId };
    }
    const outcome = (result: RegisterResultCode): RegisterOutcome => ({ result, vehicleId: entry.vehicleId, provisioned: true, deviceId });
    const registered = entry.registrationState === TerminalRegistrationState.REGISTERED;
    // The operator's terminal code is the 7-byte device id of 2011/2013 frames. A 2019 id is up to 30
    // bytes, so it is bound when the terminal first registers instead; either way another device
    // with this SIM is not this terminal.
    const codeApplies = protocolVersion !== '2019' && !!entry.terminalCode;
    const boundId = entry.deviceId || (codeApplies ? entry.terminalCode : '');
    if (registered && boundId && deviceId !== boundId) return outcome(RegisterResult.TERMINAL_ALREADY_REGISTERED);
    if (!registered && codeApplies && deviceId !== entry.terminalCode) return outcome(RegisterResult.NO_SUCH_TERMINAL);
    if (!entry.vehicleId) return outcome(RegisterResult.NO_SUCH_VEHICLE);
    const holder = this.phoneByVehicle.get(entry.vehicleId);
    if (holder !== undefined && holder !== canonicalTerminalPhone(phone)) return outcome(RegisterResult.VEHICLE_ALREADY_REGISTERED);
    // Re-registration of the same device keeps its code; a first registration gets a fresh random one.
    const authCode = registered && entry.authCode ? entry.authCode : randomBytes(8).toString('hex').toUpperCase();
    // Kept at once so the terminal's 0x0102 succeeds before admin's registry update comes back.
    this.apply({ ...entry, authCode, deviceId, registrationState: TerminalRegistrationState.REGISTERED, protocolVersion, updatedAt: Date.now() });
    return { ...outcome(RegisterResult.OK), authCode };
  }

  /** 0x0003: the terminal logged off; its code no longer authenticates until it registers again. */
  logOff(phone: string): boolean {
    const entry = this.get(phone);
    if (!entry) return false;
    this.apply({ ...entry, authCode: '', registrationState: TerminalRegistrationState.LOGGED_OFF, updatedAt: Date.now() });
    return true;
  }

  /** True when the code is the one issued to this phone: stored in the registry, or derived for unknown phones under `open`. */
  authenticate(phone: string, authCode: string): boolean {
    const entry = this.get(phone);
    if (entry) return entry.registrationState === TerminalRegistrationState.REGISTERED && !!entry.authCode && sameText(entry.authCode, authCode);
    if (this.policy === 'strict') return false;
    return sameText(this.derivedAuthCode(phone), authCode);
  }

  private derivedAuthCode(phone: string): string {
    return createHmac('sha256', this.secret).update(canonicalTerminalPhone(phone)).digest('hex').slice(0, 16).toUpperCase();
  }
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
