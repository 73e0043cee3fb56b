/** What the industry service's certification module answers the console: types only, browser-safe. */
export {};
