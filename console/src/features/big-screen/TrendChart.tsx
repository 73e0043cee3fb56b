import { chinaDayStart } from '@openfleet/contracts/time';
import type { DashboardTrendPoint } from '@openfleet/contracts/live';

const WIDTH = 600;
const HEIGHT = 180;
const DAY_MS = 86_400_000;

/** Today's online rate (online / total, %) against the time of day: an SVG line, one point per 10-minute step. */
export function TrendChart({ points, day, label }: { points: readonly DashboardTrendPoint[]; day: string; label: string }) {
  const start = chinaDayStart(day);
  const xy = points.map((point) => {
    const rate = point.total ? point.online / point.total : 0;
    return [((point.at - start) / DAY_MS) * WIDTH, HEIGHT - rate * HEIGHT] as const;
  });
  const line = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const last = points.at(-1);
  return (
    <figure className="of-bs-trend" aria-label={label}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img">
        {[0.25, 0.5, 0.75].map((rate) => <line key={rate} x1={0} x2={WIDTH} y1={HEIGHT * rate} y2={HEIGHT * rate} className="of-bs-grid" />)}
        {[6, 12, 18].map((hour) => <line key={hour} y1={0} y2={HEIGHT} x1={(hour / 24) * WIDTH} x2={(hour / 24) * WIDTH} className="of-bs-grid" />)}
        {xy.length > 1 && <polygon className="of-bs-trend-area" points={`${xy[0][0]},${HEIGHT} ${line} ${xy.at(-1)![0]},${HEIGHT}`} />}
        {xy.length > 0 && <polyline className="of-bs-trend-line" points={line} />}
      </svg>
      <figcaption>
        <span>00:00</span><span>06:00</span><span>12:00</span><span>18:00</span><span>24:00</span>
        {last && <strong data-testid="online-rate">{last.total ? ((last.online / last.total) * 100).toFixed(1) : '0.0'}%</strong>}
      </figcaption>
    </figure>
  );
}
