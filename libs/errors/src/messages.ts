import { ErrorCode, errorFamilies, errorRanges } from './error-code';
import { type MessageKey, namedTextsEnUs, namedTextsZhCn } from './message-key';

/** Console and API languages; zh_CN is the default. */
export const LOCALES = ['zh_CN', 'en_US'] as const;
/** A supported language. */
export type Locale = (typeof LOCALES)[number];
/** The language used when none is given. */
export const DEFAULT_LOCALE: Locale = 'zh_CN';

/** Flat, JSON-serialisable message map: numeric codes (as keys) and named message keys. */
export type MessageMap = Readonly<Record<number | MessageKey, string>>;

function buildLocale(locale: Locale, named: Readonly<Record<MessageKey, string>>): MessageMap {
  const map: Record<string, string> = {};
  for (const { table } of errorFamilies) {
    for (const [code, zh, en] of Object.values(table)) map[code] = locale === 'zh_CN' ? zh : en;
  }
  return Object.freeze({ ...map, ...named });
}

/** Every message per locale, e.g. `messages.zh_CN[403]` or `messages.en_US.selectVehicle`. */
export const messages: Readonly<Record<Locale, MessageMap>> = Object.freeze({
  zh_CN: buildLocale('zh_CN', namedTextsZhCn),
  en_US: buildLocale('en_US', namedTextsEnUs),
});

/**
 * The text for a code or named message key. Unknown codes fall back to their range's
 * generic text, then to the 500 wording for 5xx codes and the 100 wording otherwise.
 */
export function messageFor(code: number | MessageKey, locale: Locale = DEFAULT_LOCALE): string {
  const map = messages[locale] ?? messages[DEFAULT_LOCALE];
  // hasOwn keeps keys such as "constructor" from reaching the prototype.
  if (Object.hasOwn(map, code)) return map[code];
  if (typeof code === 'number') {
    const range = errorRanges.find((r) => code >= r.min && code <= r.max);
    if (range) return range[locale] ?? range[DEFAULT_LOCALE];
    if (code >= 500 && code <= 599) return map[ErrorCode.SERVER_ERROR];
  }
  return map[ErrorCode.REQUEST_FAILED];
}
