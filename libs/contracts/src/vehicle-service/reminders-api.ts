/** What the vehicle-service's reminders part answers the console: types only, browser-safe. */
export {};
