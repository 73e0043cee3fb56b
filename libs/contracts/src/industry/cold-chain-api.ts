/** What the industry service's cold-chain module answers the console: types only, browser-safe. */
export {};
