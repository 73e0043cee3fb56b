import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields } from '../codec/message-codec';
import type { FieldType } from '../codec/schema';
import { bcd, byVersion, f, gbkFixed, gbkLen, gbkRest, hexLen, u16, u8 } from '../codec/schema';
import { locationReply } from './location';

/** 0x8105: command word (1 wireless upgrade, 2 connect to server, 3 power off, 4 reset, ...) and its ';'-separated parameters. */
export interface TerminalControlBody {
  command: number;
  params?: string;
}

/** 0x0107 terminal attributes. */
export interface TerminalAttributesBody {
  terminalType: number;
  makerId: string;
  model: string;
  terminalId: string;
  iccid: string;
  hardwareVersion: string;
  firmwareVersion: string;
  gnssProperties: number;
  commProperties: number;
}

/** 0x8108: type 0 terminal, 12 road transport IC card reader, 52 satellite module; package bytes in hex. */
export interface UpgradeBody {
  type: number;
  makerId: string;
  version: string;
  package: string;
}

/** 0x0108: result 0 ok, 1 failed, 2 cancelled. */
export interface UpgradeResultBody {
  type: number;
  result: number;
}

/** 0x8500 vehicle control item (2019). Door control (0x0001) has a BYTE parameter; other ids keep the rest of the body. */
export interface VehicleControlItem {
  id: number;
  param: string;
}

/** 0x8500: 2011/2013 carry one control flag byte; 2019 a list of control items. */
export interface VehicleControlBody {
  flag?: number;
  items?: VehicleControlItem[];
}

const controlItems: FieldType<VehicleControlItem[]> = {
  read: (r) => {
    const count = r.u16('count');
    const items: VehicleControlItem[] = [];
    for (let i = 0; i < count; i++) {
      const id = r.u16('control id');
      // Only door control has a defined size; anything else runs to the end of the body.
      items.push({ id, param: id === 0x0001 ? r.hex(1) : r.restHex() });
    }
    return items;
  },
  write: (w, items) => {
    w.u16(items.length, 'count');
    for (const item of items) {
      w.u16(item.id, 'control id');
      w.hex(item.param, undefined, 'control param');
    }
  },
};

export const terminalControlCodecs: MessageCodec[] = [
  fromFields<TerminalControlBody>(0x8105, 'terminal control', [
    f('command', u8),
    f('params', gbkRest, { optional: true }),
  ]),
  empty(0x8107, 'query terminal attributes'),
  fromFields<TerminalAttributesBody>(0x0107, 'terminal attributes reply', [
    f('terminalType', u16),
    f('makerId', byVersion({ '2013': gbkFixed(5), '2019': gbkFixed(11) })),
    f('model', byVersion({ '2013': gbkFixed(20), '2019': gbkFixed(30) })),
    f('terminalId', byVersion({ '2013': gbkFixed(7), '2019': gbkFixed(30) })),
    f('iccid', bcd(10)),
    f('hardwareVersion', gbkLen(1)),
    f('firmwareVersion', gbkLen(1)),
    f('gnssProperties', u8),
    f('commProperties', u8),
  ]),
  fromFields<UpgradeBody>(0x8108, 'upgrade package', [
    f('type', u8),
    f('makerId', byVersion({ '2013': gbkFixed(5), '2019': gbkFixed(11) })),
    f('version', gbkLen(1)),
    f('package', hexLen(4)),
  ]),
  fromFields<UpgradeResultBody>(0x0108, 'upgrade result', [f('type', u8), f('result', u8)]),
  fromFields<VehicleControlBody>(0x8500, 'vehicle control', [
    f('flag', u8, { when: (_, ctx) => ctx.version !== '2019' }),
    f('items', controlItems, { when: (_, ctx) => ctx.version === '2019' }),
  ]),
  locationReply(0x0500, 'vehicle control reply'),
];
