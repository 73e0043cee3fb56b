import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { ColdChainField, ColdChainProfile, ColdChainProfileInput, ColdChainRange, ColdChainSettings, ColdChainSettingsInput } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { pathOf } from '@openfleet/storage';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { ColdChainProfileRow, ColdChainSettingsRow } from './cold-chain.entities';
import { PREDEFINED_PROFILES, predefinedProfile } from './predefined-profiles';

/** What another instance stored is seen within this long. */
const RELOAD_MS = 30_000;

interface StoredProfile extends ColdChainProfile {
  companyId: string;
}

const bad = (field: string, reason?: string) => new AppError(ErrorCode.BAD_PARAMETER, { data: { field, ...(reason ? { reason } : {}) } });

/**
 * Probe profiles (built-in and per company) and vehicles' cold-chain settings, kept in memory for
 * the consumer and reloaded when stale. A company's profile is seen and used by its own company and
 * the companies below it; built-in ones by everyone and changed by no one.
 */
@Injectable()
export class ColdChainConfigService implements OnModuleInit {
  private profiles = new Map<string, StoredProfile>();
  private settings = new Map<string, ColdChainSettings>();
  private loadedAt = 0;

  constructor(
    @InjectRepository(ColdChainProfileRow, 'industry') private readonly profileRows: Repository<ColdChainProfileRow>,
    @InjectRepository(ColdChainSettingsRow, 'industry') private readonly settingsRows: Repository<ColdChainSettingsRow>,
    private readonly registry: VehicleRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<void> {
    const profiles = await this.profileRows.find();
    this.profiles = new Map(profiles.map((row) => [row.profileId, { profileId: row.profileId, companyId: row.companyId, name: row.name, terminalModel: row.terminalModel, source: row.source, builtIn: false, fields: JSON.parse(row.fields) as ColdChainField[], updatedAt: row.updatedAt }]));
    const settings = await this.settingsRows.find();
    this.settings = new Map(settings.map((row) => [row.vehicleId, { ...(JSON.parse(row.settings) as Omit<ColdChainSettings, 'vehicleId'>), vehicleId: row.vehicleId }]));
    this.loadedAt = Date.now();
  }

  async refreshIfStale(now = Date.now()): Promise<void> {
    if (now - this.loadedAt >= RELOAD_MS) await this.reload();
  }

  /** A cold-chain vehicle's settings and the profile its probes are read with; undefined: not in the cold chain. */
  forVehicle(vehicleId: string): { settings: ColdChainSettings; profile: ColdChainProfile } | undefined {
    const settings = this.settings.get(vehicleId);
    if (!settings) return undefined;
    const profile = predefinedProfile(settings.profileId) ?? this.profiles.get(settings.profileId);
    return profile ? { settings, profile } : undefined;
  }

  /** 8002 for a vehicle outside the caller's scope. */
  assertVehicle(user: AuthUser, vehicleId: string): void {
    this.registry.inScope(user, vehicleId);
  }

  settingsOf(vehicleId: string): ColdChainSettings | null {
    return this.settings.get(vehicleId) ?? null;
  }

  /** Built-in profiles and those of the caller's companies (a super administrator sees all). */
  listProfiles(user: AuthUser): ColdChainProfile[] {
    const own = [...this.profiles.values()].filter((profile) => this.mayUse(user, profile.companyId));
    return [...PREDEFINED_PROFILES, ...own.sort((a, b) => a.name.localeCompare(b.name))].map(publicProfile);
  }

  async createProfile(user: AuthUser, input: ColdChainProfileInput, companyId: string): Promise<ColdChainProfile> {
    if (!user.superAdmin && !user.scope.companies.includes(companyId)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
    checkFields(input.fields);
    const row: ColdChainProfileRow = { profileId: randomUUID().replace(/-/g, ''), companyId, name: input.name, terminalModel: input.terminalModel, source: input.source, fields: JSON.stringify(input.fields), updatedAt: Date.now() };
    await this.profileRows.insert(row);
    await this.reload();
    return publicProfile(this.profiles.get(row.profileId)!);
  }

  async updateProfile(user: AuthUser, profileId: string, input: ColdChainProfileInput): Promise<ColdChainProfile> {
    const profile = this.ownProfile(user, profileId);
    checkFields(input.fields);
    await this.profileRows.update({ profileId }, { name: input.name, terminalModel: input.terminalModel, source: input.source, fields: JSON.stringify(input.fields), updatedAt: Date.now() });
    await this.reload();
    return publicProfile(this.profiles.get(profile.profileId)!);
  }

  async deleteProfile(user: AuthUser, profileId: string): Promise<void> {
    this.ownProfile(user, profileId);
    const users = [...this.settings.values()].filter((settings) => settings.profileId === profileId).length;
    if (users) throw new AppError(ErrorCode.CONFLICT, { detail: 'the profile is used by vehicles', data: { field: 'profileId', vehicles: users } });
    await this.profileRows.delete({ profileId });
    await this.reload();
  }

  async saveSettings(user: AuthUser, input: ColdChainSettingsInput): Promise<ColdChainSettings> {
    const vehicle = this.registry.inScope(user, input.vehicleId);
    const own = this.profiles.get(input.profileId);
    // A company's profile serves its own vehicles (and those of the companies below it) only.
    if (!predefinedProfile(input.profileId) && (!own || !vehicle.companyPath.map(String).includes(own.companyId))) throw bad('profileId');
    checkRange('temperature', input.temperature);
    checkRange('humidity', input.humidity);
    input.tripRanges.forEach((trip, index) => {
      if (trip.to < trip.from) throw bad(`tripRanges[${index}].to`);
      checkRange(`tripRanges[${index}].temperature`, trip.temperature);
      checkRange(`tripRanges[${index}].humidity`, trip.humidity);
    });
    const { vehicleId } = input;
    // Absent bounds and rules are "not checked" (null), not undefined, in what is stored.
    const settings: Omit<ColdChainSettings, 'vehicleId'> = {
      profileId: input.profileId,
      temperature: rangeOf(input.temperature),
      humidity: rangeOf(input.humidity),
      minDurationS: input.minDurationS,
      doorMovingS: input.doorMovingS ?? null,
      doorOpenMaxS: input.doorOpenMaxS ?? null,
      tripRanges: input.tripRanges.map((trip) => ({ label: trip.label, from: trip.from, to: trip.to, temperature: rangeOf(trip.temperature), humidity: rangeOf(trip.humidity) })),
      updatedAt: Date.now(),
    };
    await this.settingsRows.upsert({ vehicleId, companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)), settings: JSON.stringify(settings), updatedAt: settings.updatedAt }, ['vehicleId']);
    await this.reload();
    return this.settings.get(vehicleId)!;
  }

  async deleteSettings(user: AuthUser, vehicleId: string): Promise<void> {
    this.registry.inScope(user, vehicleId);
    await this.settingsRows.delete({ vehicleId });
    await this.reload();
  }

  private mayUse(user: AuthUser, companyId: string): boolean {
    if (user.superAdmin) return true;
    return user.scope.companies.includes(companyId) || this.registryHasCompanyBelow(user, companyId);
  }

  /** A company below one of the caller's (its vehicles' paths say so). */
  private registryHasCompanyBelow(user: AuthUser, companyId: string): boolean {
    for (const vehicle of this.registry.all()) {
      const path = vehicle.companyPath.map(String);
      if (path.includes(companyId) && path.some((id) => user.scope.companies.includes(id))) return true;
    }
    return false;
  }

  private ownProfile(user: AuthUser, profileId: string): StoredProfile {
    if (predefinedProfile(profileId)) throw bad('profileId', 'builtIn');
    const profile = this.profiles.get(profileId);
    if (!profile || !this.mayUse(user, profile.companyId)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: { field: 'profileId' } });
    return profile;
  }
}

function publicProfile(profile: ColdChainProfile | StoredProfile): ColdChainProfile {
  const { profileId, name, terminalModel, builtIn, source, fields, updatedAt } = profile;
  return { profileId, name, terminalModel, builtIn, source, fields, updatedAt };
}

const rangeOf = (range: ColdChainRange | undefined): ColdChainRange => ({ min: range?.min ?? null, max: range?.max ?? null });

function checkRange(field: string, range: ColdChainRange): void {
  if (!range) throw bad(field);
  if (range.min !== null && range.max !== null && range.min > range.max) throw bad(`${field}.min`, 'aboveMax');
}

/** What class-validator cannot say about a field list: a bit needs its bit, an extra its id, a door is read as a bit. */
function checkFields(fields: ColdChainField[]): void {
  fields.forEach((field, index) => {
    if (field.source === 'extra' && field.extraId === undefined) throw bad(`fields[${index}].extraId`);
    if (field.type === 'bit' && field.bit === undefined) throw bad(`fields[${index}].bit`);
    if (field.source === 'status' && field.type !== 'bit') throw bad(`fields[${index}].type`);
  });
}
