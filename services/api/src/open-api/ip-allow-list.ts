import { isIPv4, isIPv6 } from 'node:net';

/** An address without the IPv4-mapped IPv6 prefix Node puts on IPv4 clients of a dual-stack listener. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** True when an entry is an IPv4/IPv6 address or an IPv4 CIDR block (a.b.c.d/n). */
export function isAllowListEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  if (bits === undefined) return isIPv4(address) || isIPv6(address);
  return isIPv4(address) && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
}

/** True when the list is empty or names the address (exactly, or inside an IPv4 CIDR block). */
export function ipAllowed(allowList: readonly string[], clientAddress: string): boolean {
  if (!allowList.length) return true;
  const address = plainAddress(clientAddress);
  return allowList.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return plainAddress(base) === address;
    if (!isIPv4(address)) return false;
    const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
    return ((ipv4Number(address) & mask) >>> 0) === ((ipv4Number(base) & mask) >>> 0);
  });
}
