export * from './console';
export * from './instruction-order';
