export { VehicleServiceModule, VEHICLE_SERVICE_ENTITIES, VEHICLE_SERVICE_MIGRATIONS } from './vehicle-service.module';
