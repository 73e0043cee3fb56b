import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { missingEmissionFields, TerminalRegistrationState, type VehicleEmission } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { IMPORT_LOOKUP_BATCH } from '@openfleet/service-kit';
import { INSERT_MANY_BATCH, TransactionRunner } from '@openfleet/storage';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Page } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { DriverService } from '../driver/driver.service';
import { FleetService } from '../fleet/fleet.service';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Terminal } from '../terminal/terminal.entity';
import { VehicleMasterService } from '../vehicle-master/vehicle-master.service';
import type { CreateVehicleDto, UpdateVehicleDto, VehicleQueryDto } from './dto/vehicle.dto';
import { Vehicle } from './vehicle.entity';
import { assertNullsAllowed } from '../common/null-fields';

/** Records a registry publish reads back at once. */
const PUBLISH_BATCH = 500;

@Injectable()
export class VehicleService {
  constructor(
    @InjectRepository(Vehicle, 'admin') private readonly vehicles: Repository<Vehicle>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly companies: CompanyService,
    private readonly fleets: FleetService,
    private readonly drivers: DriverService,
    private readonly publisher: RegistryPublisher,
    private readonly masters: VehicleMasterService,
  ) {}

  scoped(user: AuthUser) {
    return applyScope(this.vehicles.createQueryBuilder('vehicle'), 'vehicle', user, { fleetPath: true, vehicleColumn: 'id' });
  }

  async page(user: AuthUser, query: VehicleQueryDto): Promise<Page<Vehicle>> {
    const builder = this.scoped(user).orderBy('vehicle.id', 'ASC');
    if (query.companyId) builder.andWhere('vehicle.companyId = :companyId', { companyId: query.companyId });
    if (query.fleetId) builder.andWhere('vehicle.fleetId = :fleetId', { fleetId: query.fleetId });
    if (query.keyword) builder.andWhere('(vehicle.plateCode LIKE :kw OR vehicle.vin LIKE :kw)', { kw: `%${query.keyword}%` });
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  /** A visible vehicle; 8002 when it does not exist or belongs to another tenant. */
  async getVisible(user: AuthUser, id: number): Promise<Vehicle> {
    const vehicle = await this.scoped(user).andWhere('vehicle.id = :id', { id }).getOne();
    if (!vehicle) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND);
    return vehicle;
  }

  async create(user: AuthUser, dto: CreateVehicleDto): Promise<Vehicle> {
    assertEmissionComplete(dto);
    await this.assertPlateFree(dto.plateCode, dto.plateColor);
    const place = await this.placeOf(user, dto.companyId ?? Number(user.companyId), dto.fleetId);
    if (dto.driverId) await this.drivers.getVisible(user, dto.driverId);
    const owner = await this.ownerOf(user, dto.masterId);
    const vehicle = await this.vehicles.save(this.vehicles.create({ ...dto, ...owner, ...place, terminalId: null, updatedAt: Date.now() }));
    await this.publisher.publishVehicles([vehicle]);
    return vehicle;
  }

  async update(user: AuthUser, id: number, dto: UpdateVehicleDto): Promise<Vehicle> {
    const vehicle = await this.getVisible(user, id);
    assertNullsAllowed(this.vehicles.metadata, { ...dto });
    assertEmissionComplete({ ...vehicle, ...dto });
    const plateCode = dto.plateCode ?? vehicle.plateCode;
    const plateColor = dto.plateColor ?? vehicle.plateColor;
    if (plateCode !== vehicle.plateCode || plateColor !== vehicle.plateColor) await this.assertPlateFree(plateCode, plateColor);
    const place = dto.companyId || dto.fleetId ? await this.placeOf(user, dto.companyId ?? vehicle.companyId, dto.fleetId) : {};
    if (dto.driverId) await this.drivers.getVisible(user, dto.driverId);
    const owner = await this.ownerOf(user, dto.masterId);
    Object.assign(vehicle, dto, owner, place, { updatedAt: Date.now() });
    const saved = await this.vehicles.save(vehicle);
    await this.publisher.publishVehicles([saved]);
    if (saved.terminalId) await this.publishTerminal(saved.terminalId);
    return saved;
  }

  /** A vehicle with a terminal must be unbound first (4231). */
  async remove(user: AuthUser, id: number): Promise<void> {
    const vehicle = await this.getVisible(user, id);
    if (vehicle.terminalId) throw new AppError(ErrorCode.ALREADY_BOUND);
    await this.vehicles.delete({ id });
    await this.publisher.publishVehicles([vehicle], true);
  }

  /** Vehicle <-> terminal: both must be free (4231) and visible. */
  async bindTerminal(user: AuthUser, vehicleId: number, terminalId: number): Promise<void> {
    const vehicle = await this.getVisible(user, vehicleId);
    await this.bindableTerminal(user, { id: terminalId }, vehicle);
    await new TransactionRunner(this.dataSource).run((manager) => this.writeBind(manager, vehicleId, terminalId));
    await this.publishBinds([vehicleId], [terminalId]);
  }

  /**
   * The terminal (by id, or by its phone as the vehicle import names it) that `user` may bind to
   * `vehicle` (`null`: a vehicle not saved yet, as an import row's): visible to the user, 403 otherwise
   * (a terminal that does not exist answers the same), and neither side bound yet (4231).
   */
  async bindableTerminal(user: AuthUser, terminal: { id: number } | { terminalPhone: string }, vehicle: Pick<Vehicle, 'terminalId'> | null): Promise<Terminal> {
    const query = applyScope(this.dataSource.getRepository(Terminal).createQueryBuilder('terminal'), 'terminal', user);
    const found = await ('id' in terminal
      ? query.andWhere('terminal.id = :terminalId', { terminalId: terminal.id })
      : query.andWhere('terminal.terminalPhone = :terminalPhone', { terminalPhone: terminal.terminalPhone })
    ).getOne();
    if (!found) throw new AppError(ErrorCode.NO_PERMISSION);
    if (vehicle?.terminalId || found.vehicleId) throw new AppError(ErrorCode.ALREADY_BOUND);
    return found;
  }

  /**
   * The terminals of these phones visible to `user` (as bindableTerminal finds one), by phone, asked
   * `IN (...)` in batches: a vehicle import of 2,000 rows checks its terminals in four queries.
   */
  async visibleTerminalsByPhone(user: AuthUser, phones: string[]): Promise<Map<string, Terminal>> {
    const found = new Map<string, Terminal>();
    for (let start = 0; start < phones.length; start += IMPORT_LOOKUP_BATCH) {
      const query = applyScope(this.dataSource.getRepository(Terminal).createQueryBuilder('terminal'), 'terminal', user);
      const terminals = await query.andWhere('terminal.terminalPhone IN (:...phones)', { phones: phones.slice(start, start + IMPORT_LOOKUP_BATCH) }).getMany();
      for (const terminal of terminals) found.set(terminal.terminalPhone, terminal);
    }
    return found;
  }

  /** Writes a bind that bindableTerminal allowed, inside the caller's transaction; 4231 when a concurrent bind took either side first. */
  writeBind(manager: EntityManager, vehicleId: number, terminalId: number): Promise<void> {
    return this.writeBinds(manager, [{ vehicleId, terminalId }]);
  }

  /**
   * Writes binds that bindableTerminal allowed (a vehicle import's), two statements per batch inside
   * the caller's transaction; 4231 when a concurrent bind took any side first (the caller rolls back).
   */
  async writeBinds(manager: EntityManager, binds: readonly { vehicleId: number; terminalId: number }[]): Promise<void> {
    const now = Date.now();
    for (let start = 0; start < binds.length; start += INSERT_MANY_BATCH) {
      const batch = binds.slice(start, start + INSERT_MANY_BATCH);
      const vehicles = await this.bindSide(manager, Vehicle, 'terminalId', batch.map((bind) => [bind.vehicleId, bind.terminalId]), now);
      const terminals = await this.bindSide(manager, Terminal, 'vehicleId', batch.map((bind) => [bind.terminalId, bind.vehicleId]), now);
      if (vehicles !== batch.length || terminals !== batch.length) throw new AppError(ErrorCode.ALREADY_BOUND);
    }
  }

  /**
   * One side of a batch of binds: each row's `property` set to its other side, where it is still
   * NULL (a side a concurrent bind took is not changed); answers the rows changed.
   */
  private async bindSide(manager: EntityManager, target: typeof Vehicle | typeof Terminal, property: 'terminalId' | 'vehicleId', pairs: [id: number, other: number][], now: number): Promise<number> {
    const params: Record<string, number> = { now };
    const cases = pairs.map(([id, other], index) => {
      Object.assign(params, { [`id${index}`]: id, [`to${index}`]: other });
      return `WHEN :id${index} THEN :to${index}`;
    });
    const column = manager.connection.getMetadata(target).findColumnWithPropertyName(property)!.databaseName;
    const result = await manager
      .createQueryBuilder()
      .update(target)
      .set({ [property]: () => `CASE id ${cases.join(' ')} END`, updatedAt: () => ':now' })
      .where(`id IN (:...ids) AND ${column} IS NULL`, { ids: pairs.map(([id]) => id) })
      .setParameters(params)
      .execute();
    return result.affected ?? 0;
  }

  /** Publishes the vehicles and terminals that binds changed (the registries the 808 gateways authenticate against). */
  async publishBinds(vehicleIds: number[], terminalIds: number[]): Promise<void> {
    for (let start = 0; start < vehicleIds.length; start += PUBLISH_BATCH) {
      await this.publisher.publishVehicles(await this.vehicles.find({ where: { id: In(vehicleIds.slice(start, start + PUBLISH_BATCH)) } }));
    }
    for (let start = 0; start < terminalIds.length; start += PUBLISH_BATCH) {
      await this.publisher.publishTerminals(await this.dataSource.getRepository(Terminal).find({ where: { id: In(terminalIds.slice(start, start + PUBLISH_BATCH)) } }));
    }
  }

  /** `logoutTerminal`: unbinds the vehicle's terminal and logs it off (4230 when none is bound). */
  async logoutTerminal(user: AuthUser, vehicleId: number): Promise<void> {
    const vehicle = await this.getVisible(user, vehicleId);
    if (!vehicle.terminalId) throw new AppError(ErrorCode.VEHICLE_DEVICE_NOT_BOUND);
    const terminalId = vehicle.terminalId;
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      const now = Date.now();
      await manager.update(Vehicle, { id: vehicleId }, { terminalId: null, updatedAt: now });
      await manager.update(Terminal, { id: terminalId }, { vehicleId: null, registrationState: TerminalRegistrationState.LOGGED_OFF, authCode: '', deviceId: '', updatedAt: now });
    });
    await this.publisher.publishVehicles([await this.getVisible(user, vehicleId)]);
    await this.publishTerminal(terminalId);
  }

  private async publishTerminal(terminalId: number): Promise<void> {
    const terminal = await this.dataSource.getRepository(Terminal).findOne({ where: { id: terminalId } });
    if (terminal) await this.publisher.publishTerminals([terminal]);
  }

  /** The owner's name and phone when a vehicle master is named (403 outside the scope). */
  private async ownerOf(user: AuthUser, masterId?: number) {
    if (!masterId) return {};
    const master = await this.masters.get(user, masterId);
    return { masterId: master.id, ownerName: master.name, ownerPhone: master.phone };
  }

  private async assertPlateFree(plateCode: string, plateColor: number): Promise<void> {
    if (await this.vehicles.exist({ where: { plateCode, plateColor } })) throw new AppError(ErrorCode.PLATE_DUPLICATE, { data: plateCode });
  }

  private async placeOf(user: AuthUser, companyId: number, fleetId?: number) {
    const company = await this.companies.getVisible(user, companyId);
    const fleet = fleetId ? await this.fleets.getVisible(user, fleetId) : null;
    if (fleet && fleet.companyId !== company.id) throw new AppError(ErrorCode.COMPANY_MISMATCH);
    return { companyId: company.id, companyPath: company.companyPath, fleetId: fleet?.id ?? null, fleetPath: fleet?.fleetPath ?? '' };
  }
}

/** Spec §5 emission-stage rules: a vehicle missing what its stage or activation needs is refused (400, the fields named). */
function assertEmissionComplete(vehicle: VehicleEmission): void {
  const missing = missingEmissionFields(vehicle);
  if (missing.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: missing.map((field) => `${field} is required by the emission stage or activation`) });
}
