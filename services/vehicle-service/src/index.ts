export { VehicleServiceModule, VEHICLE_SERVICE_ENTITIES, VEHICLE_SERVICE_MIGRATIONS } from './vehicle-service.module';
export { ReminderSweep } from './reminders/reminder-sweep.service';
export { FuelExportTaskService } from './fuel/export/fuel-export-task.service';
