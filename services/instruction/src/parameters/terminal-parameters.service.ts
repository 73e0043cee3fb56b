import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, maskSecrets, type TerminalParameterRow } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { PARAMETER_TABLE, parameterInfo, type ParameterType } from '@openfleet/jt808';
import type { Repository } from 'typeorm';
import type { InstructionOrder } from '../order/instruction-order.entity';
import { TerminalDirectory } from '../registry/terminal-directory';
import { TerminalParameterSnapshot } from './terminal-parameter-snapshot.entity';

type StoredParameter = { name?: string; type: string; value: number | string | Record<string, unknown> };

export type { TerminalParameterRow };

const MAX_BY_TYPE: Partial<Record<ParameterType, number>> = { dword: 0xffffffff, word: 0xffff, byte: 0xff };

/**
 * Parameter items of a 0x8103 from what an operator typed: the type comes from the parameter table
 * (JT/T 808-2019 table 14), numbers are range-checked, strings limited to 255 GBK bytes; an id the
 * table does not know is sent as raw bytes (hex), as the standard leaves vendor ids to vendors.
 * Returns the problems instead when there are any.
 */
export function parameterItemsOf(items: readonly { id: number; value: unknown }[]): { items: { id: number; type: ParameterType; value: number | string | Record<string, unknown> }[]; problems: string[] } {
  const problems: string[] = [];
  const out = items.map(({ id, value }) => {
    const type: ParameterType = parameterInfo(id)?.type ?? 'bytes';
    const max = MAX_BY_TYPE[type];
    if (max !== undefined) {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > max) problems.push(`0x${id.toString(16).padStart(4, '0')}: integer 0-${max}`);
      return { id, type, value: n };
    }
    // A JT/T 1078 parameter (0x0075 ...) goes as its decoded structure, or as the raw hex typed over it.
    if (type === 'struct' && typeof value === 'object' && value !== null) return { id, type, value: value as Record<string, unknown> };
    const text = String(value ?? '');
    if ((type === 'bytes' || type === 'struct') && !/^([0-9a-fA-F]{2}){1,255}$/.test(text)) problems.push(`0x${id.toString(16).padStart(4, '0')}: hex bytes`);
    if (type === 'string' && text.length > 255) problems.push(`0x${id.toString(16).padStart(4, '0')}: at most 255 characters`);
    return { id, type, value: text };
  });
  return { items: out, problems };
}

/** Terminal parameters and attributes as last queried (0x0104 / 0x0107 replies), for terminalProM. */
@Injectable()
export class TerminalParametersService {
  constructor(
    @InjectRepository(TerminalParameterSnapshot, 'instruction') private readonly snapshots: Repository<TerminalParameterSnapshot>,
    private readonly directory: TerminalDirectory,
  ) {}

  /** Keeps what a successful query answered: a partial query (0x8106) updates only its ids. */
  async recordReply(order: InstructionOrder): Promise<void> {
    const body = order.replyBody ?? {};
    const terminalPhone = canonicalTerminalPhone(order.terminalPhone);
    if (order.replyMsgId !== '0x0104' && order.replyMsgId !== '0x0107') return;
    const snapshot = (await this.snapshots.findOneBy({ terminalPhone })) ?? this.snapshots.create({ terminalPhone, vehicleId: order.vehicleId, parameters: null, parametersAt: 0, attributes: null, attributesAt: 0 });
    snapshot.vehicleId = order.vehicleId;
    if (order.replyMsgId === '0x0104') {
      const merged: Record<string, StoredParameter> = order.msgId === '0x8104' ? {} : { ...(snapshot.parameters ?? {}) };
      for (const item of (body.items as (StoredParameter & { id: number })[] | undefined) ?? []) merged[String(item.id)] = { name: item.name, type: item.type, value: item.value };
      snapshot.parameters = merged;
      snapshot.parametersAt = order.replyAt || Date.now();
    } else {
      snapshot.attributes = body;
      snapshot.attributesAt = order.replyAt || Date.now();
    }
    await this.snapshots.save(snapshot);
  }

  /**
   * Every standard parameter with the terminal's last value (null when never reported), plus vendor
   * ids it reported. Dial users and passwords are masked as in the order log: the screen sends only
   * what the operator types over a value, never the value shown.
   */
  async forVehicle(user: AuthUser, vehicleId: string) {
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    if (!vehicle.terminalPhone) throw new AppError(ErrorCode.SIM_MISSING, { data: vehicleId });
    const snapshot = await this.snapshots.findOneBy({ terminalPhone: canonicalTerminalPhone(vehicle.terminalPhone) });
    const reported = snapshot?.parameters ?? {};
    const rows: TerminalParameterRow[] = [...PARAMETER_TABLE.entries()].map(([id, info]) => ({
      id,
      idHex: `0x${id.toString(16).padStart(4, '0').toUpperCase()}`,
      name: info.name,
      type: info.type,
      value: reported[String(id)]?.value ?? null,
    }));
    for (const [key, item] of Object.entries(reported)) {
      const id = Number(key);
      if (!PARAMETER_TABLE.has(id)) rows.push({ id, idHex: `0x${id.toString(16).padStart(4, '0').toUpperCase()}`, name: item.name ?? '', type: item.type, value: item.value });
    }
    return {
      vehicleId,
      plateCode: vehicle.plateCode,
      parametersAt: snapshot?.parametersAt ?? 0,
      attributes: maskSecrets(snapshot?.attributes ?? null),
      attributesAt: snapshot?.attributesAt ?? 0,
      parameters: maskSecrets(rows),
    };
  }
}
