export { AdminModule, ADMIN_ENTITIES, ADMIN_MIGRATIONS } from './admin.module';
export { AdminSeeder } from './admin-seeder';
export { AdminConfig } from './admin-config';
export { SMS_PROVIDER, type SmsProvider } from './sms/sms-provider';
