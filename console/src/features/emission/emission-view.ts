/** A reading with `digits` decimals, or a dash where the vehicle sent none (absent, abnormal or invalid). */
export function num(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

/**
 * SCR NOx conversion, (upstream - downstream) / upstream, as a percentage: what the catalyst removes.
 * A dash when either sensor is missing or the upstream reads nothing (engine off, sensor not ready).
 */
export function noxConversion(upstream: number | null, downstream: number | null): string {
  if (upstream === null || downstream === null || upstream <= 0) return '—';
  return `${(((upstream - downstream) / upstream) * 100).toFixed(1)}%`;
}

/** i18n key of the OBD diagnostic protocol: 0 ISO 15765, 1 ISO 27145, 2 SAE J1939, anything else invalid. */
export function obdProtocolKey(protocol: number): string {
  return protocol >= 0 && protocol <= 2 ? `emission.protocol.${protocol}` : 'emission.invalid';
}

/** A 4-byte fault code as the 8 hex digits the terminal sent. */
export function faultCodeHex(code: number): string {
  return code.toString(16).toUpperCase().padStart(8, '0');
}
