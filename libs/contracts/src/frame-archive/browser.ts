// The console's entry (`@openfleet/contracts/frame-archive`): what the frame-archive service answers (/frameArchive).
export * from './frame-archive-api';
