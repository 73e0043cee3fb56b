// Test helpers of the gateway for other projects' integration tests (`@openfleet/gateway-808/testing`):
// a scripted JT/T 808 terminal over real TCP. Not part of the service's runtime entry.
export { locationBody, TestTerminal } from './test-terminal';
