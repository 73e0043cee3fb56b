import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { CompanyService } from '../company/company.service';
import { Vehicle } from '../vehicle/vehicle.entity';
import { VehicleMaster } from './vehicle-master.entity';

/** Vehicle owners, per company: phone (4016) and ID card (4051) unique inside the company. */
@Injectable()
export class VehicleMasterService extends CatalogueService<VehicleMaster> {
  constructor(
    @InjectRepository(VehicleMaster, 'admin') repo: Repository<VehicleMaster>,
    @InjectRepository(Vehicle, 'admin') private readonly vehicles: Repository<Vehicle>,
    companies: CompanyService,
  ) {
    super(
      repo,
      {
        alias: 'master',
        keywordColumns: ['name', 'phone', 'idCard'],
        uniqueKeys: [
          { columns: ['companyId', 'phone'], code: ErrorCode.PHONE_DUPLICATE },
          { columns: ['companyId', 'idCard'], code: ErrorCode.ID_CARD_DUPLICATE },
        ],
        perCompany: true,
      },
      companies,
    );
  }

  /** Visible owners no vehicle points at (spec §7 getUnbindMasters). */
  async unbound(user: AuthUser, keyword?: string): Promise<VehicleMaster[]> {
    const query = this.scoped(user)
      .andWhere('NOT EXISTS (SELECT 1 FROM vehicle bound WHERE bound.master_id = master.id)')
      .orderBy('master.id', 'ASC')
      .take(1000);
    if (keyword) query.andWhere('(master.name LIKE :kw OR master.phone LIKE :kw)', { kw: `%${keyword}%` });
    return query.getMany();
  }

  protected override async beforeRemove(row: VehicleMaster): Promise<void> {
    if (await this.vehicles.exist({ where: { masterId: row.id } })) throw new AppError(ErrorCode.ALREADY_BOUND);
  }
}
