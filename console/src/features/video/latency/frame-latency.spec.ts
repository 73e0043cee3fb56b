import { displayedLatencyMs, displayTimeEpochMs, droppedShare, LatencyWindow, latencySeconds, quantile } from './frame-latency';
import { parseMediaMessage } from '../media-message';
import { liveStartAt } from '../live-edge';

describe('displayed latency', () => {
  const captureOriginMs = 1_764_000_000_000;

  it('maps a presented frame back to its capture through the media time and the capture origin', () => {
    // The frame at media time 12.48 s was captured at origin + 12,480 ms and shown 310 ms later.
    const shown = displayTimeEpochMs(2_000.5, captureOriginMs + 12_480 + 310 - 2_000.5);
    expect(shown).toBe(captureOriginMs + 12_790);
    expect(displayedLatencyMs(captureOriginMs, 12.48, shown)).toBeCloseTo(310, 6);
    expect(displayedLatencyMs(captureOriginMs, 12.52, shown)).toBeCloseTo(270, 6);
  });

  it('keeps the median of the last frames only, so that an old stall leaves the figure', () => {
    const window = new LatencyWindow(5);
    [900, 900, 900].forEach((ms) => window.add(ms));
    expect(window.median()).toBe(900);
    [300, 310, 320, 330, 340].forEach((ms) => window.add(ms));
    expect(window.median()).toBe(320);
    expect(window.count).toBe(5);
    window.add(Number.NaN);
    expect(window.median()).toBe(320);
  });

  it('answers nearest-rank quantiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.95)).toBe(95);
    expect(quantile([], 0.95)).toBe(0);
  });

  it('shows seconds with two decimals, never below zero, and the dropped share', () => {
    expect(latencySeconds(314)).toBe('0.31');
    expect(latencySeconds(-12)).toBe('0.00');
    expect(droppedShare(3, 300)).toBe(0.01);
    expect(droppedShare(0, 0)).toBe(0);
  });

  it("reads the terminal's capture origin from the origin message, and does without it", () => {
    expect(parseMediaMessage(JSON.stringify({ type: 'origin', originMs: 5, captureOriginMs: 3 }))).toEqual({ type: 'origin', originMs: 5, captureOriginMs: 3 });
    expect(parseMediaMessage(JSON.stringify({ type: 'origin', originMs: 5, captureOriginMs: 'x' }))).toEqual({ type: 'origin', originMs: 5 });
  });
});

describe('live start', () => {
  it('starts a joining viewer at the target lead when more than 0.5 s is ahead of it, where it is otherwise', () => {
    expect(liveStartAt(0, 0.9)).toBeCloseTo(0.6, 6);
    expect(liveStartAt(1.2, 1.6)).toBeNull();
  });
});
