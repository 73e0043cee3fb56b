import { clusterLeaseProvider, type ServicePart } from '@openfleet/service-kit';
import { DayMileageConsumer } from './day-mileage.consumer';
import { CreateReminderTables1733300000000 } from './migrations/1733300000000-create-reminder-tables';
import { DropReminderLease1734900000100 } from './migrations/1734900000100-drop-reminder-lease';
import { reminderConfigProvider } from './reminder-config.provider';
import { ReminderScheduler } from './reminder-scheduler';
import { ReminderSettingsService } from './reminder-settings.service';
import { ReminderSweep } from './reminder-sweep.service';
import { REMINDER_ENTITIES } from './reminder.entities';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';
import { ServiceMileage } from './service-mileage';

/** Reminders of insurance, annual inspection and maintenance falling due. */
export const REMINDERS_PART: ServicePart = {
  entities: REMINDER_ENTITIES,
  migrations: [CreateReminderTables1733300000000, DropReminderLease1734900000100],
  controllers: [RemindersController],
  providers: [reminderConfigProvider, ReminderSettingsService, RemindersService, ServiceMileage, clusterLeaseProvider('vehicle_service'), ReminderSweep, ReminderScheduler, DayMileageConsumer],
};
