import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, okEnvelope, type FaultRow } from '@openfleet/contracts';
import { sendSheet, writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { Response } from 'express';
import { FaultQueryDto } from './fault.dto';
import { FaultService } from './fault.service';

/** Rows one export carries at most. */
export const MAX_FAULT_EXPORT_ROWS = 20_000;

/** Chinese names of the kinds in the sheet (the console has both languages). */
export const FAULT_KIND_NAMES: Record<string, string> = {
  gnssModuleFault: 'GNSS模块故障', gnssAntennaDisconnected: 'GNSS天线未接或被剪断', gnssAntennaShortCircuit: 'GNSS天线短路', mainPowerUndervoltage: '主电源欠压',
  mainPowerOff: '主电源掉电', displayFault: '终端LCD或显示器故障', ttsModuleFault: 'TTS模块故障', cameraFault: '摄像头故障', icCardModuleFault: 'IC卡模块故障',
  vssFault: '车辆VSS故障', videoSignalLoss: '视频信号丢失', videoStorageFault: '存储单元故障', videoDeviceFault: '其他视频设备故障',
};

const COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'terminalPhone', header: '终端手机号', width: 16 },
  { key: 'kind', header: '故障', width: 22 },
  { key: 'source', header: '来源', width: 14 },
  { key: 'startedAt', header: '开始时间', width: 20 },
  { key: 'endedAt', header: '结束时间', width: 20 },
  { key: 'durationS', header: '持续时长(秒)', width: 14 },
  { key: 'status', header: '状态', width: 10 },
];

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/fault')
export class FaultController {
  constructor(private readonly faults: FaultService) {}

  @Get('page')
  @RequiresAction('faultInformation:search')
  @ApiOperation({ summary: 'Device and vehicle faults of the caller scope that started in the window (at most 30 days): kind, source, status, vehicle, plate keyword; by plate, newest first' })
  async page(@CurrentUser() user: AuthUser, @Query() query: FaultQueryDto) {
    return okEnvelope(await this.faults.page(user, query));
  }

  @Get('summary')
  @RequiresAction('faultInformation:search')
  @ApiOperation({ summary: 'The same filters summed per fault kind: count, ongoing, vehicles, total duration (s)' })
  async summary(@CurrentUser() user: AuthUser, @Query() query: FaultQueryDto) {
    return okEnvelope(await this.faults.summary(user, query));
  }

  @Get('export')
  @RequiresAction('faultInformation:export')
  @ApiOperation({ summary: 'The fault list with the same filters as an Excel sheet (at most 20,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: FaultQueryDto, @Res() response: Response) {
    const rows: FaultRow[] = [];
    const now = Date.now();
    for (let current = 1; rows.length < MAX_FAULT_EXPORT_ROWS; current++) {
      const page = await this.faults.page(user, { ...query, current, size: 1000 }, now);
      rows.push(...page.records);
      if (page.records.length < 1000) break;
    }
    const sheet = await writeSheet(
      '故障信息',
      COLUMNS,
      rows.slice(0, MAX_FAULT_EXPORT_ROWS).map((f) => ({
        plateCode: f.plateCode,
        terminalPhone: f.terminalPhone,
        kind: FAULT_KIND_NAMES[f.kind] ?? f.kind,
        source: f.source === 'video' ? '视频报警' : `报警位 ${f.bit}`,
        startedAt: formatChinaTime(f.startedAt),
        endedAt: f.endedAt ? formatChinaTime(f.endedAt) : '',
        durationS: f.durationS,
        status: f.endedAt ? '已结束' : '进行中',
      })),
    );
    sendSheet(response, 'faults.xlsx', sheet);
  }
}
