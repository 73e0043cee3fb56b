import type { LinkLimits } from '@openfleet/service-kit';
import type { EnergyConfig } from '../energy-config';

/** The link-server limits both energy gateways (GB/T 32960, HJ 1239) run with. */
export function energyLinkLimits(config: EnergyConfig): LinkLimits {
  return {
    identifyWithinMs: config.ENERGY_IDENTIFY_S * 1000,
    idleMs: config.ENERGY_IDLE_S * 1000,
    maxIdentified: config.ENERGY_MAX_LINKS,
    maxUnidentified: config.ENERGY_MAX_UNIDENTIFIED_LINKS,
    maxUnidentifiedPerAddress: config.ENERGY_MAX_UNIDENTIFIED_PER_ADDRESS,
    maxBadFrames: config.ENERGY_MAX_BAD_FRAMES,
    maxInFlight: config.ENERGY_MAX_IN_FLIGHT,
  };
}
