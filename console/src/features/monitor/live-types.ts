export type { LatestPosition, LivePosition } from '@openfleet/contracts/live';
