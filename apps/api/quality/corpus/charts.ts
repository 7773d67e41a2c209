import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * Charts drawn from a table of values in many styles, by two charting libraries: Vega-Lite
 * (rendered to SVG in Node, rasterised with sharp) and Chart.js (drawn on a canvas in Chromium).
 * Used by the `charts` quality suite (real tables read at run time) and by the chart reader's
 * tests (small made-up tables).
 */

export interface ChartSeries {
  name: string;
  values: (number | null)[];
}

export interface ChartTable {
  id: string;
  title: string;
  categories: string[];
  series: ChartSeries[];
  /** How the printed values end ("%"), when the table printed them so. */
  suffix?: string;
}

export type ChartKind = 'bar' | 'hbar' | 'grouped' | 'stacked' | 'line' | 'pie' | 'donut';

export interface ChartStyle {
  name: string;
  library: 'vega' | 'chartjs';
  /** Each mark's value printed on or beside it. */
  printed: boolean;
  grid: boolean;
  dark: boolean;
  /** Font size of labels in pixels (titles are larger). */
  font: number;
  /** Lines: a dot at each point. */
  markers?: boolean;
  width?: number;
  height?: number;
}

const PALETTE = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2', '#ff9da6', '#9d755d'];
const PALETTE_DARK = ['#5fa8f5', '#ffb14e', '#7fd36b', '#ff6f69', '#7fe0d8', '#d6a1e6', '#ffc2c9', '#d9b38c'];

export function formatValue(value: number, suffix = ''): string {
  const abs = Math.abs(value);
  const digits = Number.isInteger(value) ? 0 : abs >= 100 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })}${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// Vega-Lite

function vegaSpec(table: ChartTable, kind: ChartKind, style: ChartStyle): Record<string, unknown> {
  const values = table.series.flatMap((s) =>
    table.categories.map((c, i) => ({ category: c, series: s.name, value: s.values[i] ?? null, order: i })),
  );
  const fg = style.dark ? '#e6e6e6' : '#222222';
  const palette = style.dark ? PALETTE_DARK : PALETTE;
  const multi = table.series.length > 1;
  const config = {
    background: style.dark ? '#1e1e24' : '#ffffff',
    view: { stroke: null },
    font: 'DejaVu Sans',
    axis: {
      labelFontSize: style.font,
      titleFontSize: style.font,
      labelColor: fg,
      titleColor: fg,
      domainColor: fg,
      tickColor: fg,
      grid: style.grid,
      gridColor: style.dark ? '#44444c' : '#dddddd',
      labelAngle: 0,
      labelLimit: 400,
    },
    legend: {
      labelFontSize: style.font,
      titleFontSize: style.font,
      labelColor: fg,
      titleColor: fg,
      orient: 'top',
      title: null,
      labelLimit: 600,
    },
    title: { fontSize: style.font + 4, color: fg },
    range: { category: palette },
  };
  const suffix = table.suffix ?? '';
  const label = { calculate: `format(datum.value, ',.${decimalsOf(table)}f') + '${suffix}'`, as: 'label' };
  const catSort = table.categories;
  const color = multi
    ? { field: 'series', type: 'nominal', sort: table.series.map((s) => s.name) }
    : { value: palette[0] };
  const width = style.width ?? 640;
  const height = style.height ?? 400;
  const base = {
    title: table.title,
    width,
    height,
    config,
    data: { values },
    transform: [label, { filter: 'datum.value !== null' }],
  };
  const text = { fontSize: style.font, color: fg };
  if (kind === 'pie' || kind === 'donut') {
    const radius = Math.min(width, height) / 2 - 30;
    const arc = {
      type: 'arc',
      ...(kind === 'donut' ? { innerRadius: radius * 0.5 } : {}),
      outerRadius: radius,
    };
    const enc = {
      theta: { field: 'value', type: 'quantitative', stack: true },
      color: { field: 'category', type: 'nominal', sort: catSort, legend: { orient: 'right' } },
      order: { field: 'order' },
    };
    const layers: unknown[] = [{ mark: arc, encoding: enc }];
    if (style.printed)
      layers.push({
        mark: {
          type: 'text',
          radius: kind === 'donut' ? radius * 0.75 : radius * 0.7,
          ...text,
          color: '#111111',
        },
        encoding: { ...enc, color: undefined, text: { field: 'label' } },
      });
    return { ...base, layer: layers };
  }
  const horizontal = kind === 'hbar';
  const catAxis = { field: 'category', type: 'ordinal', sort: catSort, title: null };
  const valAxis = {
    field: 'value',
    type: 'quantitative',
    title: multi ? null : table.series[0]?.name,
    ...(kind === 'stacked' ? { stack: 'zero' } : { stack: null }),
  };
  const enc: Record<string, unknown> = horizontal ? { y: catAxis, x: valAxis } : { x: catAxis, y: valAxis };
  enc.color = color;
  if (kind === 'grouped') enc.xOffset = { field: 'series', sort: table.series.map((s) => s.name) };
  const markType =
    kind === 'line' ? { type: 'line', point: !!style.markers, strokeWidth: 2 } : { type: 'bar' };
  const layers: unknown[] = [{ mark: markType, encoding: enc }];
  if (style.printed) {
    const where =
      kind === 'stacked'
        ? { ...text, color: '#111111', dy: 0 }
        : horizontal
          ? { ...text, align: 'left', dx: 3 }
          : { ...text, baseline: 'bottom', dy: kind === 'line' ? -6 : -2 };
    const textEnc: Record<string, unknown> = { ...enc, text: { field: 'label' }, color: undefined };
    if (kind === 'stacked') {
      textEnc.y = { ...valAxis, bandPosition: 0.5 };
      layers.push({
        transform: [
          { stack: 'value', groupby: ['category'], as: ['v0', 'v1'], sort: [{ field: 'series' }] },
          { calculate: '(datum.v0 + datum.v1) / 2', as: 'mid' },
        ],
        mark: { type: 'text', ...where },
        encoding: { x: catAxis, y: { field: 'mid', type: 'quantitative' }, text: { field: 'label' } },
      });
    } else layers.push({ mark: { type: 'text', ...where }, encoding: textEnc });
  }
  return { ...base, layer: layers };
}

function decimalsOf(table: ChartTable): number {
  let d = 0;
  for (const s of table.series)
    for (const v of s.values) if (v !== null) d = Math.max(d, (String(v).split('.')[1] ?? '').length);
  return Math.min(2, d);
}

export async function renderVega(table: ChartTable, kind: ChartKind, style: ChartStyle): Promise<Buffer> {
  const vega = await import('vega');
  const vl = await import('vega-lite');
  const spec = vl.compile(vegaSpec(table, kind, style) as never).spec;
  const svg = await new vega.View(vega.parse(spec), { renderer: 'none' }).toSVG(style.font >= 16 ? 1.5 : 1);
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Chart.js in Chromium

let browser: Promise<Browser> | undefined;
let page: Promise<Page> | undefined;

async function chartPage(): Promise<Page> {
  if (!page) {
    page = (async () => {
      const { chromium } = await import('playwright-core');
      browser ??= chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--no-first-run',
        ],
      });
      const p = await (await browser).newPage({ deviceScaleFactor: 1 });
      const require = createRequire(import.meta.url);
      const root = path.dirname(require.resolve('chart.js'));
      const umd = readFileSync(path.join(root, 'chart.umd.min.js'), 'utf8');
      await p.setContent('<html><body style="margin:0"><div id="box"></div></body></html>');
      await p.addScriptTag({ content: umd });
      return p;
    })();
  }
  return page;
}

export async function closeChartBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  page = undefined;
  if (b) await (await b).close();
}

function chartjsConfig(table: ChartTable, kind: ChartKind, style: ChartStyle) {
  const palette = style.dark ? PALETTE_DARK : PALETTE;
  const fg = style.dark ? '#e6e6e6' : '#222222';
  const pie = kind === 'pie' || kind === 'donut';
  const multi = table.series.length > 1;
  const datasets = table.series.map((s, i) => ({
    label: s.name,
    data: s.values,
    backgroundColor: pie
      ? table.categories.map((_, j) => palette[j % palette.length])
      : palette[i % palette.length],
    borderColor: pie ? (style.dark ? '#1e1e24' : '#ffffff') : palette[i % palette.length],
    borderWidth: kind === 'line' ? 2 : pie ? 2 : 0,
    pointRadius: kind === 'line' ? (style.markers ? 4 : 0) : undefined,
    tension: 0,
  }));
  const grid = { display: style.grid, color: style.dark ? '#44444c' : '#dddddd' };
  const ticks = { color: fg, font: { size: style.font }, autoSkip: false, maxRotation: 0 };
  const type =
    kind === 'hbar' || kind === 'grouped' || kind === 'stacked' || kind === 'bar'
      ? 'bar'
      : kind === 'line'
        ? 'line'
        : kind === 'donut'
          ? 'doughnut'
          : 'pie';
  return {
    type,
    data: { labels: table.categories, datasets },
    options: {
      animation: false,
      responsive: false,
      devicePixelRatio: 1,
      indexAxis: kind === 'hbar' ? 'y' : 'x',
      plugins: {
        title: { display: true, text: table.title, color: fg, font: { size: style.font + 4 } },
        legend: {
          display: multi || pie,
          labels: { color: fg, font: { size: style.font } },
          position: pie ? 'right' : 'top',
        },
        tooltip: { enabled: false },
      },
      scales: pie
        ? {}
        : {
            x: { stacked: kind === 'stacked', grid, ticks, border: { color: fg } },
            y: {
              stacked: kind === 'stacked',
              grid,
              ticks,
              border: { color: fg },
              ...(multi || kind === 'hbar'
                ? {}
                : {
                    title: {
                      display: true,
                      text: table.series[0]?.name,
                      color: fg,
                      font: { size: style.font },
                    },
                  }),
            },
          },
    },
  };
}

/** Draws the chart on a fresh canvas in the page, with a plugin printing each value (plain JS). */
const DRAW_IN_PAGE = `(a) => {
  const box = document.getElementById('box');
  box.innerHTML = '';
  const canvas = document.createElement('canvas');
  canvas.width = a.width;
  canvas.height = a.height;
  canvas.id = 'chart';
  box.appendChild(canvas);
  const fmt = (v) => v.toLocaleString('en-US', { maximumFractionDigits: a.decimals, minimumFractionDigits: a.decimals }) + a.suffix;
  const plugins = [
    { id: 'bg', beforeDraw(chart) { chart.ctx.save(); chart.ctx.fillStyle = a.bg; chart.ctx.fillRect(0, 0, chart.width, chart.height); chart.ctx.restore(); } },
    { id: 'values', afterDatasetsDraw(chart) {
      if (!a.printed) return;
      const ctx = chart.ctx;
      ctx.save();
      ctx.font = a.font + 'px sans-serif';
      chart.data.datasets.forEach((ds, i) => {
        chart.getDatasetMeta(i).data.forEach((el, j) => {
          const v = ds.data[j];
          if (v === null || v === undefined) return;
          const text = fmt(v);
          if (a.kind === 'pie' || a.kind === 'donut') {
            const c = el.tooltipPosition();
            ctx.fillStyle = '#111111'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
            ctx.fillText(text, c.x, c.y);
          } else if (a.kind === 'stacked') {
            const c = el.getCenterPoint();
            ctx.fillStyle = '#111111'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
            ctx.fillText(text, c.x, c.y);
          } else if (a.kind === 'hbar') {
            ctx.fillStyle = a.fg; ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
            ctx.fillText(text, el.x + 4, el.y);
          } else {
            ctx.fillStyle = a.fg; ctx.textAlign = 'center'; ctx.textBaseline = 'bottom';
            ctx.fillText(text, el.x, el.y - (a.kind === 'line' ? 7 : 3));
          }
        });
      });
      ctx.restore();
    } },
  ];
  new window.Chart(canvas.getContext('2d'), Object.assign({}, a.config, { plugins }));
}`;

export async function renderChartjs(table: ChartTable, kind: ChartKind, style: ChartStyle): Promise<Buffer> {
  const p = await chartPage();
  const width = style.width ?? 640;
  const height = style.height ?? 420;
  const config = chartjsConfig(table, kind, style);
  const args = {
    config,
    width,
    height,
    printed: style.printed,
    suffix: table.suffix ?? '',
    decimals: decimalsOf(table),
    bg: style.dark ? '#1e1e24' : '#ffffff',
    fg: style.dark ? '#e6e6e6' : '#222222',
    font: style.font,
    kind,
  };
  // A string, not a function: tsx's name helpers do not exist in the page.
  await p.evaluate(`(${DRAW_IN_PAGE})(${JSON.stringify(args)})`);
  return (await p.locator('#chart').screenshot({ type: 'png' })) as Buffer;
}

export async function renderChart(table: ChartTable, kind: ChartKind, style: ChartStyle): Promise<Buffer> {
  return style.library === 'vega' ? renderVega(table, kind, style) : renderChartjs(table, kind, style);
}
