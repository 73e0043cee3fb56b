/** What the vehicle-service's records part answers the console: types only, browser-safe. */
export {};
