export { InstructionModule, INSTRUCTION_ENTITIES, INSTRUCTION_MIGRATIONS } from './instruction.module';
export { OrderService } from './order/order.service';
export { OrderDispatcher } from './order/order-dispatcher';
