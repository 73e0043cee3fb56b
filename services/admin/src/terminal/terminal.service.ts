import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import type { Page, PageQueryDto } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { RegistryPublisher } from '../registry/registry.publisher';
import type { CreateTerminalDto, UpdateTerminalDto } from './dto/terminal.dto';
import { Terminal } from './terminal.entity';
import { assertNullsAllowed } from '../common/null-fields';

@Injectable()
export class TerminalService {
  constructor(
    @InjectRepository(Terminal, 'admin') private readonly terminals: Repository<Terminal>,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
  ) {}

  private scoped(user: AuthUser, unboundOnly: boolean, keyword?: string) {
    const query = applyScope(this.terminals.createQueryBuilder('terminal'), 'terminal', user).orderBy('terminal.id', 'ASC');
    if (unboundOnly) query.andWhere('terminal.vehicleId IS NULL');
    if (keyword) query.andWhere('(terminal.terminalPhone LIKE :kw OR terminal.terminalCode LIKE :kw)', { kw: `%${keyword}%` });
    return query;
  }

  async page(user: AuthUser, query: PageQueryDto, unboundOnly = false): Promise<Page<Terminal>> {
    const [records, total] = await this.scoped(user, unboundOnly, query.keyword).skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  async listUnbound(user: AuthUser, keyword?: string): Promise<Terminal[]> {
    return this.scoped(user, true, keyword).take(1000).getMany();
  }

  async getVisible(user: AuthUser, id: number): Promise<Terminal> {
    const terminal = await applyScope(this.terminals.createQueryBuilder('terminal'), 'terminal', user).andWhere('terminal.id = :id', { id }).getOne();
    if (!terminal) throw new AppError(ErrorCode.NO_PERMISSION);
    return terminal;
  }

  async create(user: AuthUser, dto: CreateTerminalDto): Promise<Terminal> {
    await this.assertPhoneFree(dto.terminalPhone);
    const company = await this.companies.getVisible(user, dto.companyId ?? Number(user.companyId));
    const terminal = await this.terminals.save(
      this.terminals.create({ ...dto, companyId: company.id, companyPath: company.companyPath, vehicleId: null, registrationState: 0, authCode: '', updatedAt: Date.now() }),
    );
    await this.publisher.publishTerminals([terminal]);
    return terminal;
  }

  async update(user: AuthUser, id: number, dto: UpdateTerminalDto): Promise<Terminal> {
    const terminal = await this.getVisible(user, id);
    assertNullsAllowed(this.terminals.metadata, { ...dto });
    if (dto.terminalPhone && dto.terminalPhone !== terminal.terminalPhone) {
      // The gateway keys terminals by phone: a bound terminal keeps its number.
      if (terminal.vehicleId) throw new AppError(ErrorCode.ALREADY_BOUND);
      await this.assertPhoneFree(dto.terminalPhone);
      await this.publisher.publishTerminals([terminal], true);
    }
    const company = dto.companyId ? await this.companies.getVisible(user, dto.companyId) : null;
    Object.assign(terminal, dto, company ? { companyId: company.id, companyPath: company.companyPath } : {}, { updatedAt: Date.now() });
    const saved = await this.terminals.save(terminal);
    await this.publisher.publishTerminals([saved]);
    return saved;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const terminal = await this.getVisible(user, id);
    if (terminal.vehicleId) throw new AppError(ErrorCode.ALREADY_BOUND);
    await this.terminals.delete({ id });
    await this.publisher.publishTerminals([terminal], true);
  }

  private async assertPhoneFree(terminalPhone: string): Promise<void> {
    if (await this.terminals.exist({ where: { terminalPhone } })) throw new AppError(ErrorCode.TERMINAL_NUMBER_DUPLICATE, { data: terminalPhone });
  }
}
