import { Inject, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, type BusLogger, type EventBus } from '@openfleet/bus';
import { deadLetterTopic, Topics, type TerminalSessionEvent } from '@openfleet/contracts';
import { IsIn } from 'class-validator';
import { BusConsumer, consume, groupEnvName } from './bus-consumer';
import { EVENT_BUS, PROCESS_ENV } from './tokens';

class OnlineOnly {
  @IsIn(['online'])
  state!: string;
}

const seen: TerminalSessionEvent[] = [];
let failuresLeft = 0;

@Injectable()
class ProbeConsumer extends BusConsumer {
  constructor(@Inject(EVENT_BUS) protected readonly bus: EventBus) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.terminalSession, {
        group: 'probe-sessions',
        validate: OnlineOnly,
        each: (event) => {
          if (failuresLeft > 0) {
            failuresLeft--;
            throw new Error('database is busy\n    at a stack line');
          }
          seen.push(event);
        },
      }),
      consume(Topics.terminalSession, { group: 'probe-cache', perInstance: true, handle: async () => undefined }),
    ];
  }
}

const warnings: string[] = [];
const logger: BusLogger = { info: () => undefined, warn: (_detail, message) => void warnings.push(message), error: () => undefined };
const session = (phone: string, state: 'online' | 'offline' = 'online'): TerminalSessionEvent => ({ terminalPhone: phone, state, gatewayId: 'g1', at: 1 });

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function start(bus: InProcessBus, env: NodeJS.ProcessEnv = {}) {
  const moduleRef = await Test.createTestingModule({
    providers: [{ provide: EVENT_BUS, useValue: bus }, { provide: PROCESS_ENV, useValue: env }, ProbeConsumer],
  }).compile();
  const app = moduleRef.createNestApplication();
  await app.init();
  return { app, consumer: app.get(ProbeConsumer) };
}

describe('BusConsumer', () => {
  let bus: InProcessBus;

  beforeEach(() => {
    bus = new InProcessBus({ logger, backoff: { initialMs: 1, maxMs: 2 } });
    seen.length = 0;
    warnings.length = 0;
    failuresLeft = 0;
  });

  afterEach(async () => {
    await bus.close();
  });

  it('subscribes at module init and closes at destroy', async () => {
    const { app } = await start(bus);
    await bus.publish(Topics.terminalSession, { key: '1', value: session('1') });
    await until(() => seen.length === 1, 'the first event');
    await app.close();
    await bus.publish(Topics.terminalSession, { key: '2', value: session('2') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.map((event) => event.terminalPhone)).toEqual(['1']);
  });

  it('names groups by convention, by env override, and per instance with a unique suffix', async () => {
    const first = await start(bus);
    const second = await start(bus, { [groupEnvName('probe-sessions')]: 'probe-sessions-test-7' });
    expect(groupEnvName('probe-sessions')).toBe('BUS_GROUP_PROBE_SESSIONS');
    expect(first.consumer.consumerGroups[0]).toBe('probe-sessions');
    expect(second.consumer.consumerGroups[0]).toBe('probe-sessions-test-7');
    expect(first.consumer.consumerGroups[1]).toMatch(/^probe-cache-[0-9a-f-]{36}$/);
    expect(second.consumer.consumerGroups[1]).not.toBe(first.consumer.consumerGroups[1]);
    await first.app.close();
    await second.app.close();
  });

  it('retries a throwing handler with one log line until it succeeds', async () => {
    const { app } = await start(bus);
    failuresLeft = 3;
    await bus.publish(Topics.terminalSession, { key: '1', value: session('1') });
    await until(() => seen.length === 1, 'the retried event');
    expect(failuresLeft).toBe(0);
    expect(warnings).toEqual(['handler failed, retrying']);
    await app.close();
  });

  it('parks an invalid payload on the dead-letter topic and handles the rest of its batch', async () => {
    const { app } = await start(bus);
    const parked: string[] = [];
    const dlq = await bus.subscribe(deadLetterTopic(Topics.terminalSession), { group: 'dlq-reader', handle: async (messages) => void parked.push(...messages.map((m) => m.key)) });
    await bus.publish(Topics.terminalSession, [
      { key: '1', value: session('1') },
      { key: '1', value: session('1', 'offline') },
      { key: '1', value: session('3') },
    ]);
    await until(() => parked.length === 1 && seen.length === 2, 'the parked record and the two good ones');
    expect(seen.map((event) => event.terminalPhone)).toEqual(['1', '3']);
    await dlq.close();
    await app.close();
  });

  it('refuses a consumption with both or neither of handle and each', () => {
    expect(() => consume(Topics.terminalSession, { group: 'x' })).toThrow(/exactly one/);
  });
});
