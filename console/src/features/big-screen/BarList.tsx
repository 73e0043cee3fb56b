/** One labelled row of a horizontal bar chart. */
export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** CSS colour of the bar; the list's default otherwise. */
  color?: string;
}

/** Horizontal bars scaled to the largest value: plain DOM, cheap to redraw every push. */
export function BarList({ items, format = String, empty }: { items: readonly BarItem[]; format?: (value: number) => string; empty: string }) {
  const max = items.reduce((most, item) => Math.max(most, item.value), 0);
  if (!items.length) return <div className="of-bs-empty">{empty}</div>;
  return (
    <ol className="of-bs-bars">
      {items.map((item) => (
        <li key={item.key} className="of-bs-bar" data-key={item.key}>
          <span className="of-bs-bar-label" title={item.label}>{item.label}</span>
          <span className="of-bs-bar-track">
            <span className="of-bs-bar-fill" style={{ width: `${max ? (item.value / max) * 100 : 0}%`, background: item.color }} />
          </span>
          <span className="of-bs-bar-value">{format(item.value)}</span>
        </li>
      ))}
    </ol>
  );
}
