import type { Gb32960Frame } from '@openfleet/gb32960';

/** A platform command waiting for the vehicle's answer. */
interface Pending {
  resolve: (answer: Gb32960Frame) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Why a command got no answer. */
export class VehicleCommandError extends Error {
  constructor(
    readonly reason: 'offline' | 'busy' | 'timeout' | 'closed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Correlates platform-to-vehicle commands (0x80-0x82) with the vehicle's answers. GB/T 32960 frames
 * carry no serial number: an answer is the same command from the same VIN with a response flag
 * (0x01 success, 0x02 error), so one command of each kind may be open per VIN at a time.
 */
export class VehicleCommands {
  private readonly pending = new Map<string, Pending>();

  /** Registers the command before it is written; the promise settles with the answer or a VehicleCommandError. */
  expect(vin: string, command: number, timeoutMs: number): Promise<Gb32960Frame> {
    const key = `${vin}/${command}`;
    if (this.pending.has(key)) return Promise.reject(VehicleCommands.busy(vin, command));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(key);
        reject(new VehicleCommandError('timeout', `${vin} did not answer 0x${command.toString(16)} within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(key, { resolve, reject, timer });
    });
  }

  /** True while the VIN has this command open (a second one would be 'busy'). */
  waiting(vin: string, command: number): boolean {
    return this.pending.has(`${vin}/${command}`);
  }

  static busy(vin: string, command: number): VehicleCommandError {
    return new VehicleCommandError('busy', `${vin} has a 0x${command.toString(16)} waiting for its answer`);
  }

  /** An answer from the vehicle: true when it settled an open command. */
  answered(frame: Gb32960Frame): boolean {
    const key = `${frame.vin}/${frame.command}`;
    const open = this.pending.get(key);
    if (!open) return false;
    clearTimeout(open.timer);
    this.pending.delete(key);
    open.resolve(frame);
    return true;
  }

  /** The command could not be written, or the link ended: its waiter fails now. */
  fail(vin: string, command: number, error: VehicleCommandError): void {
    const key = `${vin}/${command}`;
    const open = this.pending.get(key);
    if (!open) return;
    clearTimeout(open.timer);
    this.pending.delete(key);
    open.reject(error);
  }

  /** The VIN's link closed: every command it had open fails. */
  closed(vin: string): void {
    for (const key of [...this.pending.keys()]) {
      if (key.startsWith(`${vin}/`)) this.fail(vin, Number(key.slice(vin.length + 1)), new VehicleCommandError('closed', `${vin}'s link closed before it answered`));
    }
  }
}
