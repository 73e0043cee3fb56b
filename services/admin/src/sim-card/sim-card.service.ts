import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import type { Page, PageQueryDto } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { TerminalService } from '../terminal/terminal.service';
import type { CreateSimCardDto, UpdateSimCardDto } from './dto/sim-card.dto';
import { SimCard } from './sim-card.entity';

@Injectable()
export class SimCardService {
  constructor(
    @InjectRepository(SimCard, 'admin') private readonly sims: Repository<SimCard>,
    private readonly companies: CompanyService,
    private readonly terminals: TerminalService,
  ) {}

  async page(user: AuthUser, query: PageQueryDto): Promise<Page<SimCard>> {
    const builder = applyScope(this.sims.createQueryBuilder('sim'), 'sim', user).orderBy('sim.id', 'ASC');
    if (query.keyword) builder.andWhere('sim.number LIKE :kw', { kw: `%${query.keyword}%` });
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  async getVisible(user: AuthUser, id: number): Promise<SimCard> {
    const sim = await applyScope(this.sims.createQueryBuilder('sim'), 'sim', user).andWhere('sim.id = :id', { id }).getOne();
    if (!sim) throw new AppError(ErrorCode.NO_PERMISSION);
    return sim;
  }

  async create(user: AuthUser, dto: CreateSimCardDto): Promise<SimCard> {
    if (await this.sims.exist({ where: { number: dto.number } })) throw new AppError(ErrorCode.SIM_DUPLICATE, { data: dto.number });
    const company = await this.companies.getVisible(user, dto.companyId ?? Number(user.companyId));
    return this.sims.save(this.sims.create({ ...dto, companyId: company.id, companyPath: company.companyPath, terminalId: null }));
  }

  /** A bound card keeps its number (the terminal identifies itself with it): unbind first (4231). */
  async update(user: AuthUser, id: number, dto: UpdateSimCardDto): Promise<SimCard> {
    const sim = await this.getVisible(user, id);
    if (dto.number !== undefined && dto.number !== sim.number) {
      if (sim.terminalId) throw new AppError(ErrorCode.ALREADY_BOUND);
      if (await this.sims.exist({ where: { number: dto.number } })) throw new AppError(ErrorCode.SIM_DUPLICATE, { data: dto.number });
      sim.number = dto.number;
    }
    if (dto.operator !== undefined) sim.operator = dto.operator;
    if (dto.city !== undefined) sim.city = dto.city || null;
    if (dto.companyId !== undefined && dto.companyId !== null && dto.companyId !== sim.companyId) {
      const company = await this.companies.getVisible(user, dto.companyId);
      sim.companyId = company.id;
      sim.companyPath = company.companyPath;
    }
    return this.sims.save(sim);
  }

  /** One SIM per terminal and one terminal per SIM (4231). */
  async bind(user: AuthUser, id: number, terminalId: number): Promise<SimCard> {
    const sim = await this.getVisible(user, id);
    await this.terminals.getVisible(user, terminalId);
    if (sim.terminalId || (await this.sims.exist({ where: { terminalId } }))) throw new AppError(ErrorCode.ALREADY_BOUND);
    sim.terminalId = terminalId;
    return this.sims.save(sim);
  }

  async unbind(user: AuthUser, id: number): Promise<SimCard> {
    const sim = await this.getVisible(user, id);
    if (!sim.terminalId) throw new AppError(ErrorCode.VEHICLE_DEVICE_NOT_BOUND);
    sim.terminalId = null;
    return this.sims.save(sim);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const sim = await this.getVisible(user, id);
    if (sim.terminalId) throw new AppError(ErrorCode.ALREADY_BOUND);
    await this.sims.delete({ id });
  }
}
