import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { pathOf, rowInScope } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import { ForwardingService } from '../forwarding/forwarding.service';
import { LinkManager, type ActivePlatform } from '../link/link-manager.service';
import { UpperPlatformService } from '../platform/upper-platform.service';
import { VehicleFiling } from './vehicle-filing.entity';

export interface FilingRow {
  vehicleId: string;
  plateCode: string;
  plateColor: number;
  companyId: string;
  terminalPhone: string;
  filed: boolean;
  filedAt: number;
}

const inScope = (user: AuthUser, vehicle: VehicleRegistryEntry) => rowInScope(user, { companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)), vehicleId: vehicle.vehicleId });

/**
 * nationalPlatformFiling: the vehicles a platform receives, filed or not; filing sends the
 * vehicle's registration (0x1201: our platform code, the terminal's id and SIM number).
 */
@Injectable()
export class FilingService {
  constructor(
    @InjectRepository(VehicleFiling, 'forwarder_809') private readonly filings: Repository<VehicleFiling>,
    private readonly platforms: UpperPlatformService,
    private readonly links: LinkManager,
    private readonly registry: VehicleRegistry,
    private readonly forwarding: ForwardingService,
  ) {}

  async list(user: AuthUser, platformId: number, filed?: boolean): Promise<FilingRow[]> {
    await this.platforms.get(user, platformId);
    const active = this.links.byId(platformId);
    const rows = new Map((await this.filings.findBy({ platformId })).map((row) => [row.vehicleId, row]));
    const out: FilingRow[] = [];
    for (const vehicle of this.registry.all()) {
      if (!inScope(user, vehicle) || !(active && this.links.platformsFor(vehicle).includes(active))) continue;
      const row = rows.get(vehicle.vehicleId);
      const entry = { vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, plateColor: vehicle.plateColor, companyId: vehicle.companyId, terminalPhone: vehicle.terminalPhone, filed: row?.filed === 1, filedAt: row?.filedAt ?? 0 };
      if (filed === undefined || entry.filed === filed) out.push(entry);
    }
    return out.sort((a, b) => a.plateCode.localeCompare(b.plateCode));
  }

  /** Files vehicles of the platform's group; 3116 when no link to it is up. */
  async file(user: AuthUser, platformId: number, vehicleIds: string[]): Promise<{ filed: number }> {
    await this.platforms.get(user, platformId);
    const active = this.links.byId(platformId);
    // The link may run on another replica (the registration then goes through the backlog to it).
    if (!active || !(active.link.online || this.links.heldOnlineElsewhere(platformId))) throw new AppError(ErrorCode.SUPERIOR_PLATFORM_NOT_CONNECTED, { data: platformId });
    let filed = 0;
    for (const vehicleId of vehicleIds) {
      const vehicle = this.registry.byVehicleId(vehicleId);
      if (!vehicle || !inScope(user, vehicle)) throw new AppError(ErrorCode.ALREADY_DELETED, { data: vehicleId });
      if (!(await this.forwarding.sendAsHolder(active, 0x1200, { vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, dataType: 0x1201, data: this.registration(active, vehicle) }))) {
        throw new AppError(ErrorCode.SUPERIOR_PLATFORM_NOT_CONNECTED, { data: platformId });
      }
      await this.filings.save({ platformId, vehicleId, plateCode: vehicle.plateCode, filed: 1, filedAt: Date.now(), filedBy: user.id });
      filed++;
    }
    return { filed };
  }

  private registration(active: ActivePlatform, vehicle: VehicleRegistryEntry): Record<string, unknown> {
    const terminal = this.registry.terminalOf(vehicle.terminalPhone);
    const sim = vehicle.terminalPhone.replace(/^0+(?=\d{11})/, '');
    if (active.platform.edition === '2019') {
      return { platformId: active.platform.platformCode, producerId: '', terminalModel: '', imei: '', terminalId: (terminal?.deviceId || terminal?.terminalCode || '').slice(0, 30), simCode: sim.slice(-13) };
    }
    return { platformId: active.platform.platformCode, producerId: '', terminalModel: '', terminalId: (terminal?.terminalCode ?? '').slice(0, 7), simCode: sim.slice(-12) };
  }
}
