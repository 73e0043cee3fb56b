import { silentBusLogger } from './bus-logger';
import { InProcessBus } from './in-process-bus';
import { describeBusContract } from './testing/bus-contract';

describeBusContract('in-process', async () => new InProcessBus({ logger: silentBusLogger, backoff: { initialMs: 5, maxMs: 20 } }), 5000);
