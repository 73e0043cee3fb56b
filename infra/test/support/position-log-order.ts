import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { sleep } from './compose-processes';

/**
 * Each terminal's GNSS times (seconds) in the order of its partition of tracking.position.v1, read
 * from the start by a group of its own: the order every consumer of positions (the fence evaluator
 * among them) reads them in. A terminal's positions can reach the log out of GNSS order (a backlog
 * behind a live report, a publish retried after later ones), and what such a consumer derives then
 * depends on that order. Keys are phones without leading zeros, as the checks compare them.
 */
export async function positionLogOrder(brokers: string, topicPrefix: string, group: string, timeoutMs = 90_000): Promise<Map<string, number[]>> {
  const bus = new KafkaBus({ brokers: brokers.split(','), clientId: group, logger: silentBusLogger, topicPrefix });
  const order = new Map<string, number[]>();
  try {
    const ends = (await bus.watermarks(Topics.position)).map((mark) => mark.high);
    const reached = ends.map(() => 0);
    const subscription = await bus.subscribe(Topics.position, {
      group,
      fromBeginning: true,
      maxBatchSize: 5_000,
      handle: async (messages) => {
        for (const message of messages) {
          const phone = message.value.terminalPhone.replace(/^0+/, '');
          let times = order.get(phone);
          if (!times) order.set(phone, (times = []));
          times.push(message.value.gpsTimeS);
          reached[message.partition] = Math.max(reached[message.partition] ?? 0, Number(message.offset) + 1);
        }
      },
    });
    try {
      for (const deadline = Date.now() + timeoutMs; ends.some((end, partition) => reached[partition] < end); ) {
        if (Date.now() > deadline) throw new Error(`position log read to ${reached.join(',')} of ${ends.join(',')} in ${timeoutMs} ms`);
        await sleep(200);
      }
    } finally {
      await subscription.close();
    }
  } finally {
    await bus.close();
  }
  return order;
}

/** Whether a time comes after a newer one. */
export function outOfOrder(times: readonly number[]): boolean {
  let newest = -Infinity;
  for (const at of times) {
    if (at < newest) return true;
    newest = Math.max(newest, at);
  }
  return false;
}
