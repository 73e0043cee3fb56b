/** Injection token of the process's EventBus (in-process or Kafka). */
export const EVENT_BUS = Symbol('EVENT_BUS');
/** Injection token of the validated PlatformConfig (or the service's subclass). */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
/** Injection token of the StorageConfig every service's DataSource is built from. */
export const STORAGE_CONFIG = Symbol('STORAGE_CONFIG');
/** Injection token of the environment the process was started with; service modules load their config classes from it. */
export const PROCESS_ENV = Symbol('PROCESS_ENV');
