// The console's entry (`@openfleet/contracts/energy`): answer types only; no codec.
export * from './battery-api';
export * from './battery-report-api';
export * from './vehicle-params-api';
