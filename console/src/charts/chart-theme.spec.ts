import { chartTheme } from './chart-theme';

describe('chartTheme', () => {
  it('draws no white box in the dark theme: transparent background, light text and grid', () => {
    const dark = chartTheme(true);
    expect(dark.chart?.backgroundColor).toBe('transparent');
    expect(dark.legend?.itemStyle?.color).toBe('#e6e9ee');
    const yAxis = dark.yAxis as { labels: { style: { color: string } }; gridLineColor: string };
    expect(yAxis.labels.style.color).not.toMatch(/^#(0|3|6)/);
    expect(yAxis.gridLineColor).not.toBe('#e6e6e6');
  });

  it('keeps Highcharts colours in the light themes, on a transparent background', () => {
    expect(chartTheme(false)).toEqual({ chart: { backgroundColor: 'transparent' } });
  });
});
