import type { Options } from 'highcharts';

const LIGHT_TEXT = '#e6e9ee';
const MUTED_TEXT = '#a7b0bd';
const GRID = '#3a4350';

/**
 * Colours a chart takes from the console theme. Highcharts draws a white background and dark text
 * by default, which showed as white boxes in the dark theme: there the background is transparent
 * (the card's own dark surface shows through) and text, axes and grid lines are light.
 */
export function chartTheme(dark: boolean): Options {
  if (!dark) return { chart: { backgroundColor: 'transparent' } };
  const axis = {
    labels: { style: { color: MUTED_TEXT } },
    title: { style: { color: MUTED_TEXT } },
    lineColor: GRID,
    tickColor: GRID,
    gridLineColor: GRID,
  };
  return {
    chart: { backgroundColor: 'transparent', style: { color: LIGHT_TEXT } },
    title: { style: { color: LIGHT_TEXT } },
    subtitle: { style: { color: MUTED_TEXT } },
    legend: { itemStyle: { color: LIGHT_TEXT }, itemHoverStyle: { color: '#ffffff' }, itemHiddenStyle: { color: '#5c6570' } },
    xAxis: axis,
    yAxis: axis,
    tooltip: { backgroundColor: 'rgba(28, 33, 39, 0.95)', style: { color: LIGHT_TEXT } },
    plotOptions: { series: { dataLabels: { color: LIGHT_TEXT, style: { textOutline: 'none' } } }, pie: { borderColor: '#1c2127' } },
    noData: { style: { color: MUTED_TEXT } },
  };
}
