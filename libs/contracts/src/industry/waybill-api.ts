/** What the industry service's waybill module answers the console: types only, browser-safe. */
export {};
