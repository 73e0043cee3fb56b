import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { G726Decoder } from './g726';

// ffmpeg -f lavfi -i sine=frequency=440:sample_rate=8000:duration=0.25 -af volume=0.5 -c:a g726 -b:a 32k -f g726
// (and -b:a 16k): ffmpeg packs the codes most significant bits first, as terminals do.
const fixture = (rate: number) => readFileSync(join(__dirname, `fixtures/sine440-${rate}k.g726`));
/** What ffmpeg coded: its sine source (amplitude 1/8 of full scale) at half volume. */
const sine = (n: number) => 2048 * Math.sin((2 * Math.PI * 440 * n) / 8000);

/** Signal to noise ratio in dB against the sine, after the first 50 ms the coder needs to adapt. */
function snr(samples: Int16Array): number {
  let signal = 0;
  let noise = 0;
  for (let n = 400; n < samples.length; n++) {
    signal += sine(n) ** 2;
    noise += (samples[n] - sine(n)) ** 2;
  }
  return 10 * Math.log10(signal / noise);
}

describe('G726Decoder', () => {
  it('decodes 32 kbit/s: two samples a byte, the first ones as ffmpeg decodes them, the sine back at over 40 dB', () => {
    const samples = new G726Decoder(32000).decode(fixture(32));
    expect(samples).toHaveLength(2000);
    expect([...samples.subarray(0, 6)]).toEqual([0, 88, 120, 172, 244, 376]);
    expect(snr(samples)).toBeGreaterThan(40);
  });

  it('decodes 16 kbit/s: four samples a byte, the first ones as ffmpeg decodes them', () => {
    const samples = new G726Decoder(16000).decode(fixture(16));
    expect(samples).toHaveLength(2000);
    expect([...samples.subarray(0, 8)]).toEqual([12, 60, 68, 80, 100, 120, 144, 192]);
    expect(snr(samples)).toBeGreaterThan(15);
  });

  it('keeps its state from one frame to the next', () => {
    const whole = new G726Decoder().decode(fixture(32));
    const decoder = new G726Decoder();
    const halves = [...decoder.decode(fixture(32).subarray(0, 333)), ...decoder.decode(fixture(32).subarray(333))];
    expect(halves).toEqual([...whole]);
  });

  it('takes the high nibble first (low nibble first loses the signal)', () => {
    const swapped = Buffer.from(fixture(32).map((byte) => ((byte & 0x0f) << 4) | (byte >> 4)));
    expect(snr(new G726Decoder().decode(swapped))).toBeLessThan(20);
  });
});
