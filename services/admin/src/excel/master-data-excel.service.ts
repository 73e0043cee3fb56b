import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import { insertMany, TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { existingKeys, validateImport, writeSheet, type ImportSpec, type SheetColumn } from '@openfleet/service-kit';
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
/** Each sheet's unique column (its `uniqueKey`), by which inserted rows are read back. */
const UNIQUE_KEY = { terminal: 'terminalPhone', simCard: 'number', driver: 'licenceNo' } as const;

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
      insertMany<object>(
        manager,
        ENTITY[sheet],
        dtos.map((dto) => ({ ...dto, ...place, ...(sheet === 'terminal' ? { updatedAt: Date.now(), authCode: '', registrationState: 0 } : {}) })),
        [UNIQUE_KEY[sheet] as never],
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
        existingInDatabase: (dtos: CreateTerminalDto[]) =>
          existingKeys(this.dataSource.getRepository(Terminal), 'terminalPhone', dtos.map((dto) => dto.terminalPhone), `${ErrorCode.TERMINAL_NUMBER_DUPLICATE}: terminal number exists`),
      };
    }
    if (sheet === 'simCard') {
      return {
        columns: COLUMNS.simCard,
        dto: CreateSimCardDto,
        numeric: ['operator'],
        uniqueKey: (dto: CreateSimCardDto) => dto.number,
        existingInDatabase: (dtos: CreateSimCardDto[]) => existingKeys(this.dataSource.getRepository(SimCard), 'number', dtos.map((dto) => dto.number), `${ErrorCode.SIM_DUPLICATE}: SIM card exists`),
      };
    }
    return {
      columns: COLUMNS.driver,
      dto: CreateDriverDto,
      uniqueKey: (dto: CreateDriverDto) => dto.licenceNo,
      existingInDatabase: (dtos: CreateDriverDto[]) => existingKeys(this.dataSource.getRepository(Driver), 'licenceNo', dtos.map((dto) => dto.licenceNo), `${ErrorCode.DRIVER_LICENCE_DUPLICATE}: licence exists`),
    };
  }
}
