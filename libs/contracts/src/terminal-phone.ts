/**
 * The form of a terminal phone used to match it across services. A JT/T 808 header carries the SIM
 * number left-padded with zeros to 12 digits (2011/2013) or 20 digits (2019), while the registry
 * holds it as entered (usually 11 digits): `013812345678`, `00000000013812345678` and
 * `13812345678` are one terminal. Events keep the phone as the terminal sent it; lookups use this.
 */
export function canonicalTerminalPhone(phone: string): string {
  // Fast path: this runs for every position record the tracking ingest stores.
  if (phone.charCodeAt(0) !== 48) return phone;
  const trimmed = phone.replace(/^0+/, '');
  return trimmed === '' ? '0' : trimmed;
}
