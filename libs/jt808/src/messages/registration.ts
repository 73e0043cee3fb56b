import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import { byVersion, f, gbkFixed, gbkLen, gbkRest, is2019, isNot2019, u16, u8 } from '../codec/schema';

/** 0x0100. Fixed-size text fields have their 0x00 padding removed. */
export interface RegisterBody {
  province: number;
  city: number;
  makerId: string;
  model: string;
  terminalId: string;
  /** 0 = no plate (then `plate` is the VIN in 2019), 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other. */
  plateColor: number;
  plate: string;
}

/** 0x8100: result 0 ok, 1 vehicle already registered, 2 no such vehicle, 3 terminal already registered, 4 no such terminal. */
export interface RegisterReplyBody {
  replySerial: number;
  result: number;
  /** Present only when result is 0. */
  authCode?: string;
}

/** 0x0102. 2019 adds a length prefix, the IMEI and the software version. */
export interface AuthBody {
  authCode: string;
  imei?: string;
  softwareVersion?: string;
}

const PLATE_COLORS = new Set([0, 1, 2, 3, 4, 5, 9]);
const REGISTER_2011_FIXED = 25;
const REGISTER_2013_FIXED = 37;

/**
 * 2011 and 2013 registers differ only in the model field (8 vs 20 bytes), so we look at which reading
 * puts a plausible plate colour (0-5, 9) where it should be, and a GBK lead byte (the province
 * character of a plate) right after it. When both readings are plausible, 2013 wins.
 */
export function detectRegisterVersion(buf: Buffer, start: number, end: number): '2011' | '2013' {
  const len = end - start;
  if (len < REGISTER_2013_FIXED) return '2011';
  const plausible2013 = PLATE_COLORS.has(buf[start + REGISTER_2013_FIXED - 1]);
  if (plausible2013) return '2013';
  const plate2011 = start + REGISTER_2011_FIXED;
  const plausible2011 = PLATE_COLORS.has(buf[plate2011 - 1]) && (plate2011 === end || buf[plate2011] >= 0x81);
  return plausible2011 ? '2011' : '2013';
}

export const registrationCodecs: MessageCodec[] = [
  fromFields<RegisterBody>(
    0x0100,
    'terminal register',
    [
      f('province', u16),
      f('city', u16),
      f('makerId', byVersion({ '2013': gbkFixed(5), '2019': gbkFixed(11) })),
      f('model', byVersion({ '2011': gbkFixed(8), '2013': gbkFixed(20), '2019': gbkFixed(30) })),
      f('terminalId', byVersion({ '2013': gbkFixed(7), '2019': gbkFixed(30) })),
      f('plateColor', u8),
      f('plate', gbkRest),
    ],
    { detect: detectRegisterVersion },
  ),
  fromFields<RegisterReplyBody>(0x8100, 'terminal register reply', [
    f('replySerial', u16),
    f('result', u8),
    f('authCode', gbkRest, { optional: true }),
  ]),
  fromFields<AuthBody>(0x0102, 'terminal authentication', [
    f('authCode', gbkRest, { when: isNot2019 }),
    f('authCode', gbkLen(1), { when: is2019 }),
    f('imei', gbkFixed(15), { when: is2019 }),
    f('softwareVersion', gbkFixed(20), { when: is2019 }),
  ]),
];
