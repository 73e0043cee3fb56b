import type { EventBus } from '@openfleet/bus';
import { RawFrameCapture, type LinkAnswer } from '@openfleet/service-kit';
import type { EnergyConfig } from '../energy-config';

/** Offset of the VIN in a frame's header: GB/T 32960 "##", command, response flag; HJ 1239 "##", command. */
const VIN_OFFSET: Record<'gb32960' | 'hj1239', number> = { gb32960: 4, hj1239: 3 };

/** The raw-frame capture of one energy gateway (the frame archive stores what it publishes). */
export function energyRawCapture(bus: EventBus, config: EnergyConfig, instanceId: string, protocol: 'gb32960' | 'hj1239', logger: { warn(message: string): void }): RawFrameCapture {
  return new RawFrameCapture({ bus, gatewayId: `${instanceId}:${protocol}`, limit: config.ENERGY_RAW_QUEUE_LIMIT, enabled: config.ENERGY_RAW_CAPTURE, protocol, logger });
}

/** The VIN a frame's header names, also when the frame did not decode ('' when it is too short or not text). */
export function vinOfBytes(protocol: 'gb32960' | 'hj1239', bytes: Buffer): string {
  const offset = VIN_OFFSET[protocol];
  if (bytes.length < offset + 17) return '';
  const vin = bytes.toString('latin1', offset, offset + 17);
  return /^[\x21-\x7e]{17}$/.test(vin) ? vin : '';
}

/** The decode error's code (Gb32960DecodeError's), else its name. */
export const errorCodeOf = (error: unknown): string => String((error as { code?: unknown }).code ?? (error as Error)?.name ?? 'BAD_FRAME');

/** Records the handler's answer as a downlink frame when it is written (now, or once its publish settles). */
export function captureAnswer(capture: RawFrameCapture, vin: string, answer: LinkAnswer): LinkAnswer {
  if (Buffer.isBuffer(answer)) capture.record(vin, 'down', answer);
  else if (answer instanceof Promise)
    return answer.then((bytes) => {
      if (Buffer.isBuffer(bytes)) capture.record(vin, 'down', bytes);
      return bytes;
    });
  return answer;
}
