import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MAX_VEHICLE_GRANTS, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { In, type Repository } from 'typeorm';
import { SessionService } from '../auth/session.service';
import type { Page, PageQueryDto } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { Fleet } from '../fleet/fleet.entity';
import { User, UserType } from '../user/user.entity';
import { Vehicle } from '../vehicle/vehicle.entity';

/** A user and the vehicle groups granted to them (empty: the whole own company). */
export interface UserGrantView {
  id: number;
  account: string;
  name: string;
  userType: number;
  companyId: number;
  wholeCompany: boolean;
  fleetIds: number[];
  fleetNames: string[];
  /** Single vehicles granted besides the fleets, and their plates. */
  vehicleIds: number[];
  vehiclePlates: string[];
}

/** A vehicle of the user's company the caller may grant, as the plate search shows it. */
export interface GrantVehicle {
  id: number;
  plateCode: string;
  plateColor: number;
  fleetId: number | null;
  granted: boolean;
}

/** How many vehicles one plate search answers. */
const VEHICLE_SEARCH_LIMIT = 50;

/** A fleet of the user's company as the grant tree shows it. */
export interface GrantFleet {
  id: number;
  name: string;
  parentId: number | null;
  depth: number;
  granted: boolean;
}

const idsOf = (text: string | null) => (text ?? '').split(',').filter(Boolean).map(Number);

/**
 * /index/vgPower (车组权限): which vehicle groups each user sees. A user without grants sees every
 * vehicle of their company; granted fleets narrow that to the vehicles of those fleets and their
 * sub-fleets, plus any single vehicles granted (the token's scope, which every service's list and
 * vehicle check reads). A user granted single vehicles only sees just those. Changing a
 * user's grants ends their sessions, so no token keeps the old scope.
 */
@Injectable()
export class VgPowerService {
  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @InjectRepository(Fleet, 'admin') private readonly fleets: Repository<Fleet>,
    @InjectRepository(Vehicle, 'admin') private readonly vehicles: Repository<Vehicle>,
    private readonly sessions: SessionService,
  ) {}

  async page(caller: AuthUser, query: PageQueryDto): Promise<Page<UserGrantView>> {
    const builder = applyScope(this.users.createQueryBuilder('user'), 'user', caller).orderBy('user.id', 'ASC');
    if (query.keyword) builder.andWhere('(user.account LIKE :kw OR user.name LIKE :kw)', { kw: `%${query.keyword}%` });
    const [users, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    const fleetIds = [...new Set(users.flatMap((user) => idsOf(user.fleetIds)))];
    const names = new Map((fleetIds.length ? await this.fleets.findBy({ id: In(fleetIds) }) : []).map((fleet) => [fleet.id, fleet.name]));
    const plates = await this.platesOf(users.flatMap((user) => idsOf(user.vehicleIds)));
    return { records: users.map((user) => this.view(user, names, plates)), total, current: query.current, size: query.size };
  }

  /** The fleets of the user's company the caller may grant, each marked granted or not. */
  async fleetsOf(caller: AuthUser, userId: number): Promise<GrantFleet[]> {
    const user = await this.visibleUser(caller, userId);
    const granted = new Set(idsOf(user.fleetIds));
    const fleets = await this.grantable(caller, user.companyId);
    return fleets.map((fleet) => ({ id: fleet.id, name: fleet.name, parentId: fleet.parentId, depth: fleet.depth, granted: granted.has(fleet.id) }));
  }

  /** Vehicles of the user's company the caller may grant whose plate contains `keyword` (the granted ones first). */
  async vehiclesOf(caller: AuthUser, userId: number, keyword = ''): Promise<GrantVehicle[]> {
    const user = await this.visibleUser(caller, userId);
    const granted = new Set(idsOf(user.vehicleIds));
    const builder = this.grantableVehicles(caller, user.companyId).orderBy('vehicle.plateCode', 'ASC').take(VEHICLE_SEARCH_LIMIT);
    if (keyword) builder.andWhere('vehicle.plateCode LIKE :kw', { kw: `%${keyword}%` });
    const found = await builder.getMany();
    return found
      .map((vehicle) => ({ id: vehicle.id, plateCode: vehicle.plateCode, plateColor: vehicle.plateColor, fleetId: vehicle.fleetId, granted: granted.has(vehicle.id) }))
      .sort((a, b) => Number(b.granted) - Number(a.granted));
  }

  /**
   * Replaces the user's fleet grants. 403 for a user the caller cannot see or a super administrator
   * (whose scope is everything); 209 for a fleet or vehicle outside the user's company or the caller's
   * reach; 30186 for more than MAX_VEHICLE_GRANTS single vehicles (they all ride in the token).
   */
  async grant(caller: AuthUser, userId: number, fleetIds: number[], vehicleIds: number[] = []): Promise<UserGrantView> {
    const user = await this.visibleUser(caller, userId);
    if (user.userType === UserType.SUPER_ADMIN) throw new AppError(ErrorCode.NO_PERMISSION);
    const wanted = [...new Set(fleetIds)];
    const reachable = new Map((await this.grantable(caller, user.companyId)).map((fleet) => [fleet.id, fleet]));
    const outside = wanted.filter((id) => !reachable.has(id));
    if (outside.length) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: outside });
    const wantedVehicles = [...new Set(vehicleIds)];
    if (wantedVehicles.length > MAX_VEHICLE_GRANTS) throw new AppError(ErrorCode.API_TOO_MANY_VEHICLES, { data: { field: 'vehicleIds', max: MAX_VEHICLE_GRANTS } });
    const plates = await this.reachableVehicles(caller, user.companyId, wantedVehicles);
    const outsideVehicles = wantedVehicles.filter((id) => !plates.has(id));
    if (outsideVehicles.length) throw new AppError(ErrorCode.COMPANY_MISMATCH, { data: outsideVehicles });
    // A caller limited to fleets cannot hand out the whole company: an empty grant is theirs to give only with company scope.
    if (!wanted.length && !wantedVehicles.length && !caller.superAdmin && !caller.scope.companies.length) throw new AppError(ErrorCode.NO_PERMISSION);
    const text = wanted.sort((a, b) => a - b).join(',');
    if (text.length > 255) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'fleetIds' } });
    const vehicleText = wantedVehicles.sort((a, b) => a - b).join(',');
    if (text !== user.fleetIds || vehicleText !== (user.vehicleIds ?? '')) {
      await this.users.update({ id: userId }, { fleetIds: text, vehicleIds: vehicleText });
      await this.sessions.revokeAllOf(userId, String(userId) === caller.id ? caller.sessionId : undefined);
    }
    return this.view({ ...user, fleetIds: text, vehicleIds: vehicleText }, new Map([...reachable.values()].map((fleet) => [fleet.id, fleet.name])), plates);
  }

  private async visibleUser(caller: AuthUser, userId: number): Promise<User> {
    const user = await applyScope(this.users.createQueryBuilder('user'), 'user', caller).andWhere('user.id = :id', { id: userId }).getOne();
    // As the user screen answers: a user of another company is refused like one the caller may not see.
    if (!user) throw new AppError(ErrorCode.NO_PERMISSION);
    return user;
  }

  /** Fleets of the company within the caller's reach: all of them with company scope, else those under the caller's own fleets. */
  private async grantable(caller: AuthUser, companyId: number): Promise<Fleet[]> {
    const fleets = await this.fleets.find({ where: { companyId }, order: { depth: 'ASC', id: 'ASC' } });
    if (caller.superAdmin || caller.scope.companies.length) return fleets;
    return fleets.filter((fleet) => caller.scope.fleets.some((id) => fleet.fleetPath.includes(`/${id}/`)));
  }

  /** Vehicles of the company within the caller's reach: the caller's own vehicle scope, narrowed to the company. */
  private grantableVehicles(caller: AuthUser, companyId: number) {
    return applyScope(this.vehicles.createQueryBuilder('vehicle'), 'vehicle', caller, { fleetPath: true, vehicleColumn: 'id' }).andWhere('vehicle.companyId = :companyId', { companyId });
  }

  /** The plates of those of `ids` the caller may grant to a user of the company. */
  private async reachableVehicles(caller: AuthUser, companyId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const found = await this.grantableVehicles(caller, companyId).andWhere('vehicle.id IN (:...ids)', { ids }).select(['vehicle.id', 'vehicle.plateCode']).getMany();
    return new Map(found.map((vehicle) => [vehicle.id, vehicle.plateCode]));
  }

  private async platesOf(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    const plates = new Map<number, string>();
    // Chunks keep each IN list well inside SQLite's bound-parameter limit.
    for (let start = 0; start < unique.length; start += 500) {
      const found = await this.vehicles.find({ where: { id: In(unique.slice(start, start + 500)) }, select: { id: true, plateCode: true } });
      for (const vehicle of found) plates.set(vehicle.id, vehicle.plateCode);
    }
    return plates;
  }

  private view(user: User, names: Map<number, string>, plates: Map<number, string>): UserGrantView {
    const fleetIds = idsOf(user.fleetIds);
    const grantedVehicles = idsOf(user.vehicleIds);
    // A granted vehicle deleted since then no longer shows (its id matches no row any more), yet still limits the user.
    const vehicleIds = grantedVehicles.filter((id) => plates.has(id));
    return {
      id: user.id,
      account: user.account,
      name: user.name,
      userType: user.userType,
      companyId: user.companyId,
      wholeCompany: fleetIds.length === 0 && grantedVehicles.length === 0,
      fleetIds,
      fleetNames: fleetIds.map((id) => names.get(id) ?? String(id)),
      vehicleIds,
      vehiclePlates: vehicleIds.map((id) => plates.get(id)!),
    };
  }
}
