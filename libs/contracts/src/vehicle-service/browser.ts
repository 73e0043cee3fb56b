// The console's entry (`@openfleet/contracts/vehicle-service`): what the vehicle-service answers
// (/vehicleService) and pushes, types and browser-safe constants only.
export * from './records-api';
export * from './reminders-api';
export * from './fuel-api';
export * from './operation-api';
