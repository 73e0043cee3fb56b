// The console's entry (`@openfleet/contracts/fence`): the model, its validation and the answer types; no codec.
export * from './fence-model';
export * from './fence-api';
