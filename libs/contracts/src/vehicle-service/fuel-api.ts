/** What the vehicle-service's fuel part answers the console: types only, browser-safe. */
export {};
