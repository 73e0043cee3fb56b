import { serviceConfigProvider } from '@openfleet/service-kit';
import { ReminderConfig } from './reminder-config';

export const REMINDER_CONFIG = Symbol('REMINDER_CONFIG');

export const reminderConfigProvider = serviceConfigProvider(REMINDER_CONFIG, ReminderConfig);
