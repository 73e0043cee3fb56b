// The link-server contract for every port's tests (`@openfleet/service-kit/link-testing`); test code, not shipped from index.ts.
export { runLinkContract, ContractClient, CONTRACT_LIMITS, type ContractLimits, type ContractTarget, type LinkContractAdapter } from './link-contract';
export { HeldBus } from './held-bus';
