export { Gateway808Module } from './gateway-808.module';
export { Gateway808Config } from './gateway-808-config';
export { Gateway808Server, GATEWAY_808_CONFIG } from './gateway-808.server';
