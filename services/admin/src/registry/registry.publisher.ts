import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PermissionCache } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { Topics, type RolePermissions, type TerminalRegistryEntry, type UserDirectoryEntry, type VehicleRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { In, type DataSource } from 'typeorm';
import { idsOfPath } from '../common/columns';
import { Role } from '../role/role.entity';
import { Terminal } from '../terminal/terminal.entity';
import { User } from '../user/user.entity';
import { Vehicle } from '../vehicle/vehicle.entity';

const SNAPSHOT_BATCH = 500;

/**
 * Publishes the compacted registry topics (terminals, vehicles, role permissions, the user directory)
 * on every change and a full snapshot at start, so the 808 gateway, the guards and the exports of other
 * services need no remote calls.
 */
@Injectable()
export class RegistryPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger(RegistryPublisher.name);

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly permissions: PermissionCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const roles = await this.dataSource.getRepository(Role).find();
    await this.publishRoles(roles);
    let vehicleCount = 0;
    for (let offset = 0; ; offset += SNAPSHOT_BATCH) {
      const vehicles = await this.dataSource.getRepository(Vehicle).find({ order: { id: 'ASC' }, skip: offset, take: SNAPSHOT_BATCH });
      if (!vehicles.length) break;
      await this.publishVehicles(vehicles);
      vehicleCount += vehicles.length;
    }
    for (let offset = 0; ; offset += SNAPSHOT_BATCH) {
      const terminals = await this.dataSource.getRepository(Terminal).find({ order: { id: 'ASC' }, skip: offset, take: SNAPSHOT_BATCH });
      if (!terminals.length) break;
      await this.publishTerminals(terminals);
    }
    let userCount = 0;
    for (let offset = 0; ; offset += SNAPSHOT_BATCH) {
      const users = await this.dataSource.getRepository(User).find({ order: { id: 'ASC' }, skip: offset, take: SNAPSHOT_BATCH });
      if (!users.length) break;
      await this.publishUsers(users);
      userCount += users.length;
    }
    this.logger.log(`registry snapshot published: ${roles.length} roles, ${vehicleCount} vehicles, ${userCount} users`);
  }

  /** Republishes the vehicles (and their terminals) under a moved company or fleet subtree. */
  async publishVehiclesUnder(column: 'company_path' | 'fleet_path', pathPrefix: string): Promise<void> {
    const property = column === 'company_path' ? 'companyPath' : 'fleetPath';
    for (let offset = 0; ; offset += SNAPSHOT_BATCH) {
      const vehicles = await this.dataSource
        .getRepository(Vehicle)
        .createQueryBuilder('vehicle')
        .where(`vehicle.${property} LIKE :prefix`, { prefix: `${pathPrefix}%` })
        .orderBy('vehicle.id', 'ASC')
        .skip(offset)
        .take(SNAPSHOT_BATCH)
        .getMany();
      if (!vehicles.length) break;
      await this.publishVehicles(vehicles);
    }
  }

  /** Republishes the users under a moved company subtree (their company path changed). */
  async publishUsersUnder(companyPathPrefix: string): Promise<void> {
    for (let offset = 0; ; offset += SNAPSHOT_BATCH) {
      const users = await this.dataSource
        .getRepository(User)
        .createQueryBuilder('user')
        .where('user.companyPath LIKE :prefix', { prefix: `${companyPathPrefix}%` })
        .orderBy('user.id', 'ASC')
        .skip(offset)
        .take(SNAPSHOT_BATCH)
        .getMany();
      if (!users.length) break;
      await this.publishUsers(users);
    }
  }

  /**
   * The user directory (admin.user-directory.v1). A deleted user is published once more with
   * `deleted: true` and its name: logs keep its id, and it stays their historical operator.
   */
  async publishUsers(users: Pick<User, 'id' | 'name' | 'account' | 'companyId' | 'companyPath'>[], deleted = false): Promise<void> {
    if (!users.length) return;
    const entries: UserDirectoryEntry[] = users.map((user) => ({
      userId: String(user.id),
      name: user.name,
      account: user.account,
      companyId: String(user.companyId),
      companyPath: idsOfPath(user.companyPath),
      deleted,
      updatedAt: Date.now(),
    }));
    await this.bus.publish(Topics.userDirectory, entries.map((value) => ({ key: value.userId, value })));
  }

  async publishRoles(roles: Role[], deleted = false): Promise<void> {
    const entries: RolePermissions[] = roles.map((role) => ({ roleId: String(role.id), actionCodes: role.actionCodes, deleted, updatedAt: Date.now() }));
    // This process's own guard sees the change at once; other processes through the bus.
    entries.forEach((entry) => this.permissions.apply(entry));
    if (entries.length) await this.bus.publish(Topics.rolePermissions, entries.map((value) => ({ key: value.roleId, value })));
  }

  async publishVehicles(vehicles: Vehicle[], deleted = false): Promise<void> {
    if (!vehicles.length) return;
    const terminalIds = vehicles.map((vehicle) => vehicle.terminalId).filter((id): id is number => id !== null);
    const terminals = terminalIds.length ? await this.dataSource.getRepository(Terminal).find({ where: { id: In(terminalIds) } }) : [];
    const phoneOf = new Map(terminals.map((terminal) => [terminal.id, terminal.terminalPhone]));
    const entries: VehicleRegistryEntry[] = vehicles.map((vehicle) => ({
      vehicleId: String(vehicle.id),
      plateCode: vehicle.plateCode,
      plateColor: vehicle.plateColor,
      vin: vehicle.vin ?? '',
      companyId: String(vehicle.companyId),
      companyPath: idsOfPath(vehicle.companyPath),
      fleetPath: idsOfPath(vehicle.fleetPath),
      terminalPhone: vehicle.terminalId ? (phoneOf.get(vehicle.terminalId) ?? '') : '',
      vehicleType: vehicle.vehicleType,
      deleted,
      updatedAt: Date.now(),
    }));
    await this.bus.publish(Topics.vehicleRegistry, entries.map((value) => ({ key: value.vehicleId, value })));
  }

  async publishTerminals(terminals: Terminal[], deleted = false): Promise<void> {
    if (!terminals.length) return;
    const vehicleIds = terminals.map((terminal) => terminal.vehicleId).filter((id): id is number => id !== null);
    const vehicles = vehicleIds.length ? await this.dataSource.getRepository(Vehicle).find({ where: { id: In(vehicleIds) } }) : [];
    const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const entries: TerminalRegistryEntry[] = terminals.map((terminal) => {
      const vehicle = terminal.vehicleId ? vehicleOf.get(terminal.vehicleId) : undefined;
      return {
        terminalPhone: terminal.terminalPhone,
        terminalId: String(terminal.id),
        terminalCode: terminal.terminalCode,
        vehicleId: vehicle ? String(vehicle.id) : '',
        plateCode: vehicle?.plateCode ?? '',
        plateColor: vehicle?.plateColor ?? 0,
        companyId: String(terminal.companyId),
        authCode: terminal.authCode,
        registrationState: terminal.registrationState,
        deviceId: terminal.deviceId,
        protocolVersion: terminal.protocolVersion,
        videoChannels: terminal.videoChannels ?? 0,
        deleted,
        updatedAt: Date.now(),
      };
    });
    await this.bus.publish(Topics.terminalRegistry, entries.map((value) => ({ key: value.terminalPhone, value })));
  }
}
