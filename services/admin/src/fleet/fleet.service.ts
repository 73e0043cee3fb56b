import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource, Repository } from 'typeorm';
import { applyScope, rowInScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { Driver } from '../driver/driver.entity';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Vehicle } from '../vehicle/vehicle.entity';
import type { CreateFleetDto } from './dto/fleet.dto';
import { Fleet } from './fleet.entity';

/** Spec §5: vehicle groups nest at most 4 levels. */
export const MAX_FLEET_DEPTH = 4;

@Injectable()
export class FleetService {
  constructor(
    @InjectRepository(Fleet, 'admin') private readonly fleets: Repository<Fleet>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
  ) {}

  async listVisible(user: AuthUser): Promise<Fleet[]> {
    return applyScope(this.fleets.createQueryBuilder('fleet').orderBy('fleet.id', 'ASC'), 'fleet', user, { fleetPath: true }).getMany();
  }

  async getVisible(user: AuthUser, id: number): Promise<Fleet> {
    const fleet = await this.fleets.findOne({ where: { id } });
    if (!fleet || !rowInScope(fleet, user)) throw new AppError(ErrorCode.NO_PERMISSION);
    return fleet;
  }

  async create(user: AuthUser, dto: CreateFleetDto): Promise<Fleet> {
    const company = await this.companies.getVisible(user, dto.companyId);
    const parent = dto.parentId ? await this.getVisible(user, dto.parentId) : null;
    if (parent && parent.companyId !== company.id) throw new AppError(ErrorCode.COMPANY_MISMATCH);
    const depth = (parent?.depth ?? 0) + 1;
    if (depth > MAX_FLEET_DEPTH) throw new AppError(ErrorCode.BAD_PARAMETER, { data: `vehicle groups nest at most ${MAX_FLEET_DEPTH} levels` });
    if (await this.fleets.exist({ where: { companyId: company.id, name: dto.name } })) throw new AppError(ErrorCode.FLEET_NAME_DUPLICATE, { data: dto.name });
    return new TransactionRunner(this.dataSource).run(async (manager) => {
      const fleet = await manager.save(
        manager.create(Fleet, { name: dto.name, companyId: company.id, companyPath: company.companyPath, parentId: parent?.id ?? null, fleetPath: parent?.fleetPath ?? '/', depth, createdAt: Date.now() }),
      );
      fleet.fleetPath = `${parent?.fleetPath ?? '/'}${fleet.id}/`;
      return manager.save(fleet);
    });
  }

  async rename(user: AuthUser, id: number, name: string): Promise<Fleet> {
    const fleet = await this.getVisible(user, id);
    if (name !== fleet.name && (await this.fleets.exist({ where: { companyId: fleet.companyId, name } }))) {
      throw new AppError(ErrorCode.FLEET_NAME_DUPLICATE, { data: name });
    }
    fleet.name = name;
    return this.fleets.save(fleet);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const fleet = await this.getVisible(user, id);
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      if (await manager.count(Fleet, { where: { parentId: id } })) throw new AppError(ErrorCode.GROUP_NOT_EMPTY);
      if (await manager.count(Vehicle, { where: { fleetId: id } })) throw new AppError(ErrorCode.FLEET_HAS_VEHICLES);
      await manager.update(Driver, { fleetId: id }, { fleetId: null, fleetPath: '' });
      await manager.delete(Fleet, { id: fleet.id });
    });
  }

  /** Drag a fleet (with its sub-groups and vehicles) under a company; fleets never go under fleets. */
  async moveToCompany(user: AuthUser, id: number, companyId: number): Promise<void> {
    const fleet = await this.getVisible(user, id);
    const company = await this.companies.getVisible(user, companyId);
    const subtreeDepth = await this.fleets
      .createQueryBuilder('fleet')
      .select('MAX(fleet.depth)', 'depth')
      .where('fleet.fleetPath LIKE :path', { path: `${fleet.fleetPath}%` })
      .getRawOne<{ depth: number }>();
    if (Number(subtreeDepth?.depth ?? fleet.depth) - fleet.depth + 1 > MAX_FLEET_DEPTH) throw new AppError(ErrorCode.BAD_PARAMETER);
    const newFleetPath = `/${fleet.id}/`;
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.update(Fleet, { id }, { parentId: null });
      for (const table of ['fleet', 'vehicle', 'driver']) {
        await manager.query(
          `UPDATE ${table} SET company_id = ?, company_path = ?, fleet_path = REPLACE(fleet_path, ?, ?) WHERE fleet_path LIKE ?`,
          [company.id, company.companyPath, fleet.fleetPath, newFleetPath, `${fleet.fleetPath}%`],
        );
      }
      await manager.query('UPDATE fleet SET depth = depth - ? WHERE fleet_path LIKE ?', [fleet.depth - 1, `${newFleetPath}%`]);
    });
    await this.publisher.publishVehiclesUnder('fleet_path', newFleetPath);
  }
}
