// What the console imports (alias @openfleet/contracts/instruction): framework-free, no codecs.
export * from './command-fields';
export * from './command-catalogue';
export * from './tachograph-words';
export * from './instruction-dialogs';
export * from './order-types';
export * from './order-secrets';
export * from './parameter-labels';
export * from './instruction-api';
