import type { ChartOptions } from './HighChart';

/** A horizontal bar chart of labelled counts (home panels, report rankings). */
export function barOptions(pairs: readonly (readonly [string, number])[], name: string, height = 260): ChartOptions {
  return {
    chart: { type: 'bar', height, animation: false },
    title: { text: undefined },
    legend: { enabled: false },
    xAxis: { categories: pairs.map(([label]) => label) },
    yAxis: { title: { text: name }, allowDecimals: false },
    series: pairs.length ? [{ type: 'bar', name, animation: false, data: pairs.map(([, count]) => count) }] : [],
  };
}
