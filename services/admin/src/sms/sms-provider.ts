// The SMS port, its providers and the database-backed codes live in the service kit (shared with instruction).
export { LoggingSmsProvider, SMS_PROVIDER, type SmsProvider } from '@openfleet/service-kit';
