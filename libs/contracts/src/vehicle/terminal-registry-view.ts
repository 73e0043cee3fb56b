import type { TerminalRegistryEntry } from '../events/registry';
import { canonicalTerminalPhone } from '../terminal-phone';

/** The terminal registry snapshot (admin.terminal-registry.v1) in memory, keyed by canonical phone; newer entries win. */
export class TerminalRegistryView {
  private readonly byPhone = new Map<string, TerminalRegistryEntry>();

  apply(entry: TerminalRegistryEntry): void {
    const key = canonicalTerminalPhone(entry.terminalPhone);
    const previous = this.byPhone.get(key);
    if (previous && previous.updatedAt > entry.updatedAt) return;
    if (entry.deleted) this.byPhone.delete(key);
    else this.byPhone.set(key, entry);
  }

  /** The terminal with this SIM number in any zero-padded form, if known. */
  byTerminalPhone(terminalPhone: string): TerminalRegistryEntry | undefined {
    return terminalPhone ? this.byPhone.get(canonicalTerminalPhone(terminalPhone)) : undefined;
  }
}
