// Shared with the instruction service (vehicle lock codes).
export { LoggingSmsProvider, SMS_PROVIDER, type SmsProvider } from '@openfleet/service-kit';
