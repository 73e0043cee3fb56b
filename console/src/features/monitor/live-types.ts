export type { LatestPosition, LivePosition, LiveVideoAlarms } from '@openfleet/contracts/live';
