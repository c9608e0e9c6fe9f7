import { useEffect, useRef } from 'react';
import theme from 'antd/es/theme';
import uPlot from 'uplot';

// The habit page's charts, drawn by uPlot on a canvas. This module is loaded only by the habit page
// (a lazy import), so the library never weighs on the first load. The canvas is an image to assistive
// technology; every chart has a table beside it with the same figures.

/** uPlot's own layout rules (its stylesheet, less the legend we do not show). */
const UPLOT_CSS = `.uplot,.uplot *,.uplot *::before,.uplot *::after{box-sizing:border-box}
.uplot{font-family:inherit;line-height:1.5;width:min-content}
.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}
.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}
.u-select{position:absolute;pointer-events:none}
.u-cursor-x,.u-cursor-y,.u-cursor-pt{position:absolute;left:0;top:0;pointer-events:none}
.u-axis.u-off,.u-select.u-off,.u-cursor-x.u-off,.u-cursor-y.u-off,.u-cursor-pt.u-off{display:none}`;

function ensureStyle(): void {
  if (document.getElementById('lu-uplot-css')) return;
  const style = document.createElement('style');
  style.id = 'lu-uplot-css';
  style.textContent = UPLOT_CSS;
  document.head.append(style);
}

/** A browser that can draw on a canvas (not a test DOM without one). */
function canDraw(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

export interface HabitChartProps {
  kind: 'line' | 'bars';
  /** One label per point, shown on the x axis. */
  labels: readonly string[];
  values: readonly number[];
  /** The y axis' top (100 for a percentage); the largest value (at least 1) when absent. */
  yMax?: number;
  /** How a y value reads on its axis ('40%', '3'). */
  formatY: (value: number) => string;
  /** What the chart shows, for assistive technology (the table beside it has the figures). */
  description: string;
  height?: number;
}

interface Colours {
  line: string;
  fill: string;
  axis: string;
  grid: string;
}

function plotOptions(
  props: HabitChartProps,
  colours: Colours,
  width: number,
  height: number,
): uPlot.Options {
  const { labels, kind, formatY } = props;
  const top = props.yMax ?? Math.max(1, ...props.values);
  const axis = {
    stroke: colours.axis,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid, width: 1 },
    font: '12px system-ui, sans-serif',
  };
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: {
        time: false,
        range: kind === 'bars' ? [-0.5, labels.length - 0.5] : [0, Math.max(1, labels.length - 1)],
      },
      y: { range: [0, top] },
    },
    axes: [
      {
        ...axis,
        // Ticks on whole points only (the last one always), as many as fit about 64 px apart.
        splits: (u) => {
          const fit = Math.max(1, Math.floor(u.bbox.width / uPlot.pxRatio / 64));
          const step = Math.max(1, Math.ceil(labels.length / fit));
          return labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % step === 0);
        },
        values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''),
      },
      { ...axis, size: 48, values: (_u, ticks) => ticks.map((t) => formatY(t)) },
    ],
    series: [
      {},
      kind === 'bars'
        ? {
            stroke: colours.line,
            fill: colours.line,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 48], align: 0 }),
            points: { show: false },
          }
        : {
            stroke: colours.line,
            fill: colours.fill,
            width: 2,
            points: { show: labels.length < 2 },
          },
    ],
  };
}

/** A line or bar chart over the width of its container, in the antd theme's colours. */
export default function HabitChart(props: HabitChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const height = props.height ?? 220;
  const colours: Colours = {
    line: token.colorPrimary,
    fill: token.colorPrimaryBg,
    axis: token.colorTextSecondary,
    grid: token.colorBorderSecondary,
  };
  const key = JSON.stringify([props.kind, props.labels, props.values, props.yMax, colours, height]);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return;
    ensureStyle();
    const xs = props.values.map((_, i) => i);
    const plot = new uPlot(
      plotOptions(props, colours, element.clientWidth || 600, height),
      [xs, [...props.values]],
      element,
    );
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) plot.setSize({ width: element.clientWidth, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
    // Redrawn when what it shows or the theme changes (key); the rest is read from props then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={props.description}
      data-chart={props.kind}
      style={{ width: '100%', minHeight: height, overflow: 'hidden' }}
    />
  );
}
