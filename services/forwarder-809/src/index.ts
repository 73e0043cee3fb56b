export { Forwarder809Module, FORWARDER_ENTITIES, FORWARDER_MIGRATIONS } from './forwarder-809.module';
export { LinkManager } from './link/link-manager.service';
export { ForwardingService } from './forwarding/forwarding.service';
