// The console's entry (`@openfleet/contracts/admin`): admin's notice and feedback channels.
export * from './notice-api';
export * from './feedback-api';
