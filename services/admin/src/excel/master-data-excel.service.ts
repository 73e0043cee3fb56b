import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { validateImport, writeSheet, type ImportSpec, type SheetColumn } from '@openfleet/service-kit';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { Driver } from '../driver/driver.entity';
import { CreateDriverDto } from '../driver/dto/driver.dto';
import { RegistryPublisher } from '../registry/registry.publisher';
import { CreateSimCardDto } from '../sim-card/dto/sim-card.dto';
import { SimCard } from '../sim-card/sim-card.entity';
import { CreateTerminalDto } from '../terminal/dto/terminal.dto';
import { Terminal } from '../terminal/terminal.entity';

export type MasterSheet = 'terminal' | 'simCard' | 'driver';

const COLUMNS: Record<MasterSheet, SheetColumn[]> = {
  terminal: [
    { key: 'terminalCode', header: '终端编号' },
    { key: 'terminalPhone', header: 'SIM卡号' },
    { key: 'manufacturer', header: '厂商' },
    { key: 'model', header: '型号' },
    { key: 'protocolVersion', header: '协议版本' },
    { key: 'hardwareVersion', header: '硬件版本' },
    { key: 'firmwareVersion', header: '固件版本' },
    { key: 'canProtocolVersion', header: 'CAN协议版本' },
    { key: 'ip', header: 'IP地址' },
    { key: 'port', header: '端口' },
    // JT/T 1078 camera count, as PUT /basic/terminal/:id sets it (0-32); optional, so older templates still import.
    { key: 'videoChannels', header: '视频通道数' },
  ],
  simCard: [
    { key: 'number', header: 'SIM卡号' },
    { key: 'operator', header: '运营商' },
    { key: 'city', header: '发卡城市' },
  ],
  driver: [
    { key: 'name', header: '姓名' },
    { key: 'licenceNo', header: '驾驶证号', width: 22 },
    { key: 'qualificationNo', header: '从业资格证号', width: 22 },
    { key: 'certificationAuthority', header: '发证机关' },
    { key: 'expiresOn', header: '有效期至' },
    { key: 'nativePlace', header: '籍贯' },
    { key: 'phone', header: '电话' },
  ],
};

const ENTITY = { terminal: Terminal, simCard: SimCard, driver: Driver } as const;

/** Terminal, SIM card and driver import (into the caller company, all rows or none) and export. */
@Injectable()
export class MasterDataExcelService {
  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
  ) {}

  async import(user: AuthUser, sheet: MasterSheet, file: Buffer): Promise<{ imported: number }> {
    const company = await this.companies.getVisible(user, Number(user.companyId));
    const place = { companyId: company.id, companyPath: company.companyPath };
    const dtos = await validateImport<object>(file, this.spec(sheet) as ImportSpec<object>);
    const saved = await new TransactionRunner(this.dataSource).run((manager) =>
      manager.save(
        dtos.map((dto) => manager.create(ENTITY[sheet] as never, { ...dto, ...place, ...(sheet === 'terminal' ? { updatedAt: Date.now(), authCode: '', registrationState: 0 } : {}) })),
        { chunk: 200 },
      ),
    );
    if (sheet === 'terminal') await this.publisher.publishTerminals(saved as unknown as Terminal[]);
    return { imported: saved.length };
  }

  async export(user: AuthUser, sheet: MasterSheet): Promise<Buffer> {
    const alias = 'row';
    const query = applyScope(this.dataSource.getRepository(ENTITY[sheet]).createQueryBuilder(alias), alias, user, { fleetPath: sheet === 'driver' });
    const rows = await query.orderBy(`${alias}.id`, 'ASC').take(100_000).getMany();
    return writeSheet(sheet, COLUMNS[sheet], rows as unknown as Record<string, unknown>[]);
  }

  private spec(sheet: MasterSheet): ImportSpec<CreateTerminalDto> | ImportSpec<CreateSimCardDto> | ImportSpec<CreateDriverDto> {
    if (sheet === 'terminal') {
      return {
        columns: COLUMNS.terminal,
        dto: CreateTerminalDto,
        numeric: ['port', 'videoChannels'],
        uniqueKey: (dto: CreateTerminalDto) => dto.terminalPhone,
        existsInDatabase: async (dto: CreateTerminalDto) =>
          (await this.dataSource.getRepository(Terminal).exist({ where: { terminalPhone: dto.terminalPhone } })) ? `${ErrorCode.TERMINAL_NUMBER_DUPLICATE}: terminal number exists` : undefined,
      };
    }
    if (sheet === 'simCard') {
      return {
        columns: COLUMNS.simCard,
        dto: CreateSimCardDto,
        numeric: ['operator'],
        uniqueKey: (dto: CreateSimCardDto) => dto.number,
        existsInDatabase: async (dto: CreateSimCardDto) =>
          (await this.dataSource.getRepository(SimCard).exist({ where: { number: dto.number } })) ? `${ErrorCode.SIM_DUPLICATE}: SIM card exists` : undefined,
      };
    }
    return {
      columns: COLUMNS.driver,
      dto: CreateDriverDto,
      uniqueKey: (dto: CreateDriverDto) => dto.licenceNo,
      existsInDatabase: async (dto: CreateDriverDto) =>
        (await this.dataSource.getRepository(Driver).exist({ where: { licenceNo: dto.licenceNo } })) ? `${ErrorCode.DRIVER_LICENCE_DUPLICATE}: licence exists` : undefined,
    };
  }
}
