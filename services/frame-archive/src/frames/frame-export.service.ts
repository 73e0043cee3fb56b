import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { formatChinaTime, type ArchivedFrame } from '@openfleet/contracts';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { FrameQueryDto } from './frame-archive.dto';
import { FrameQueryService } from './frame-query.service';

const COLUMNS: SheetColumn[] = [
  { key: 'at', header: '时间', width: 24 },
  { key: 'terminalKey', header: '终端/VIN', width: 20 },
  { key: 'direction', header: '方向', width: 8 },
  { key: 'protocol', header: '协议', width: 10 },
  { key: 'msgId', header: '消息ID', width: 10 },
  { key: 'msgName', header: '消息名称', width: 24 },
  { key: 'length', header: '长度(字节)', width: 10 },
  { key: 'status', header: '状态', width: 24 },
  { key: 'hex', header: '原始报文', width: 80 },
  { key: 'decoded', header: '解析结果', width: 80 },
];

/** The time with its milliseconds: frames of one terminal are often a few ms apart. */
const timeWithMs = (at: number) => `${formatChinaTime(at)}.${String(at % 1000).padStart(3, '0')}`;
const msgIdText = (frame: ArchivedFrame) => (frame.msgId === null ? '' : `0x${frame.msgId.toString(16).padStart(frame.protocol === 'jt808' || frame.protocol === 'jt809' ? 4 : 2, '0')}`);

export function frameSheetRow(frame: ArchivedFrame): Record<string, unknown> {
  return {
    at: timeWithMs(frame.at),
    terminalKey: frame.terminalKey,
    direction: frame.direction === 'up' ? '上行' : '下行',
    protocol: frame.protocol,
    msgId: msgIdText(frame),
    msgName: frame.msgName,
    length: frame.length,
    status: frame.error ? `错误: ${frame.error}` : '正常',
    hex: frame.hex,
    // A cell holds at most 32,767 characters.
    decoded: frame.decoded === null ? (frame.errorDetail ?? '') : JSON.stringify(frame.decoded).slice(0, 32_000),
  };
}

/** The frame list as one sheet (the filters of the list, at most FRAME_EXPORT_MAX_ROWS rows). */
@Injectable()
export class FrameExportService {
  constructor(private readonly query: FrameQueryService) {}

  async frames(user: AuthUser, filter: FrameQueryDto): Promise<Buffer> {
    const page = await this.query.list(user, filter, true);
    return writeSheet('原始报文', COLUMNS, page.records.map(frameSheetRow));
  }
}
