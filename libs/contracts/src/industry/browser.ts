// The console's entry (`@openfleet/contracts/industry`): what the industry service answers
// (/industry) and pushes, types and browser-safe constants only.
export * from './cold-chain-api';
export * from './bus-line-api';
export * from './waybill-api';
export * from './certification-api';
