import { chinaDayStart } from '@openfleet/contracts/time';
import type { DashboardTrendPoint } from '@openfleet/contracts/live';

const WIDTH = 600;
const HEIGHT = 180;
const DAY_MS = 86_400_000;

/** Today's online rate (online / total, %) against the time of day: an SVG line, one point per 10-minute step. */
export function TrendChart({ points, day, label }: { points: readonly DashboardTrendPoint[]; day: string; label: string }) {
  const start = chinaDayStart(day);
  // A step with no vehicle known yet (the hub just started) has no rate: left out, not drawn as 0 %.
  const xy = points.filter((point) => point.total > 0).map((point) => {
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
        {xy.length > 0 && <circle className="of-bs-trend-now" cx={xy.at(-1)![0]} cy={xy.at(-1)![1]} r={4} />}
      </svg>
      <figcaption>
        {[0, 6, 12, 18, 24].map((hour) => <span key={hour} style={{ left: `${(hour / 24) * 100}%` }}>{String(hour).padStart(2, '0')}:00</span>)}
      </figcaption>
      {last && <strong className="of-bs-trend-rate" data-testid="online-rate">{last.total ? ((last.online / last.total) * 100).toFixed(1) : '0.0'}%</strong>}
    </figure>
  );
}
