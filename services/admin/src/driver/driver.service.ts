import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import type { Page } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { FleetService } from '../fleet/fleet.service';
import { Driver } from './driver.entity';
import type { CreateDriverDto, DriverQueryDto, UpdateDriverDto } from './dto/driver.dto';
import { assertNullsAllowed } from '../common/null-fields';

@Injectable()
export class DriverService {
  constructor(
    @InjectRepository(Driver, 'admin') private readonly drivers: Repository<Driver>,
    private readonly companies: CompanyService,
    private readonly fleets: FleetService,
  ) {}

  async listVisible(user: AuthUser, companyId?: number): Promise<Driver[]> {
    const query = applyScope(this.drivers.createQueryBuilder('driver'), 'driver', user, { fleetPath: true }).orderBy('driver.id', 'ASC');
    if (companyId) query.andWhere('driver.companyId = :companyId', { companyId });
    return query.getMany();
  }

  async page(user: AuthUser, query: DriverQueryDto): Promise<Page<Driver>> {
    const builder = applyScope(this.drivers.createQueryBuilder('driver'), 'driver', user, { fleetPath: true }).orderBy('driver.id', 'ASC');
    if (query.companyId) builder.andWhere('driver.companyId = :companyId', { companyId: query.companyId });
    if (query.keyword) builder.andWhere('(driver.name LIKE :kw OR driver.licenceNo LIKE :kw)', { kw: `%${query.keyword}%` });
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  async getVisible(user: AuthUser, id: number): Promise<Driver> {
    const found = await applyScope(this.drivers.createQueryBuilder('driver'), 'driver', user, { fleetPath: true }).andWhere('driver.id = :id', { id }).getOne();
    if (!found) throw new AppError(ErrorCode.NO_PERMISSION);
    return found;
  }

  async create(user: AuthUser, dto: CreateDriverDto): Promise<Driver> {
    if (await this.drivers.exist({ where: { licenceNo: dto.licenceNo } })) throw new AppError(ErrorCode.DRIVER_LICENCE_DUPLICATE, { data: dto.licenceNo });
    const place = await this.placeOf(user, dto.companyId ?? Number(user.companyId), dto.fleetId);
    return this.drivers.save(this.drivers.create({ ...dto, ...place }));
  }

  async update(user: AuthUser, id: number, dto: UpdateDriverDto): Promise<Driver> {
    const driver = await this.getVisible(user, id);
    assertNullsAllowed(this.drivers.metadata, { ...dto });
    if (dto.licenceNo && dto.licenceNo !== driver.licenceNo && (await this.drivers.exist({ where: { licenceNo: dto.licenceNo } }))) {
      throw new AppError(ErrorCode.DRIVER_LICENCE_DUPLICATE, { data: dto.licenceNo });
    }
    const place = dto.companyId || dto.fleetId ? await this.placeOf(user, dto.companyId ?? driver.companyId, dto.fleetId) : {};
    Object.assign(driver, dto, place);
    return this.drivers.save(driver);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    await this.getVisible(user, id);
    await this.drivers.delete({ id });
  }

  private async placeOf(user: AuthUser, companyId: number, fleetId?: number) {
    const company = await this.companies.getVisible(user, companyId);
    const fleet = fleetId ? await this.fleets.getVisible(user, fleetId) : null;
    if (fleet && fleet.companyId !== company.id) throw new AppError(ErrorCode.COMPANY_MISMATCH);
    return { companyId: company.id, companyPath: company.companyPath, fleetId: fleet?.id ?? null, fleetPath: fleet?.fleetPath ?? '' };
  }
}
