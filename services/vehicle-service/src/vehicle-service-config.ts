/** The vehicle-service's own settings (environment variable names), validated at start. */
export class VehicleServiceConfig {}

export const VEHICLE_SERVICE_CONFIG = Symbol('VEHICLE_SERVICE_CONFIG');
