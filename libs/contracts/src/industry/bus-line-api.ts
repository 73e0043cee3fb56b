/** What the industry service's bus-line module answers the console: types only, browser-safe. */
export {};
