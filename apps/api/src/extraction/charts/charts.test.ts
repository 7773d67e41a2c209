import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ChartKind,
  type ChartStyle,
  type ChartTable,
  closeChartBrowser,
  renderChartjs,
  renderVega,
} from '../../../quality/corpus/charts';
import { closeOcrWorkers } from '../ocr/worker-pool';
import { extractFromSource } from '../pipeline';
import { HeuristicProvider } from '../providers';

/** Charts drawn in the test from small made-up tables, read as `chart_data_extraction`. */

const revenue: ChartTable = {
  id: 'revenue',
  title: 'Revenue by year ($ millions)',
  categories: ['2020', '2021', '2022', '2023'],
  series: [{ name: 'Revenue', values: [120, 145.5, 160, 98] }],
};
const style: ChartStyle = { name: 't', library: 'vega', printed: true, grid: true, dark: false, font: 13 };

async function read(table: ChartTable, kind: ChartKind, s: ChartStyle, dataPoints: string[]) {
  const png =
    s.library === 'chartjs' ? await renderChartjs(table, kind, s) : await renderVega(table, kind, s);
  const { tasks } = await extractFromSource(
    { kind: 'file', bytes: png, contentType: 'image/png' },
    { dataPoints, documentType: 'chart_data_extraction' },
    { allowPrivateFetch: false, secBaseUrl: '', secUserAgent: '', provider: new HeuristicProvider() },
  );
  const task = tasks[0];
  if (!task) throw new Error('no task');
  return task;
}

/** The answer's box overlaps the drawn mark: the reviewer sees the bar or point it came from. */
function overlaps(a: number[], b: number[]) {
  return (
    Math.min(a[2] ?? 0, b[2] ?? 0) > Math.max(a[0] ?? 0, b[0] ?? 0) &&
    Math.min(a[3] ?? 0, b[3] ?? 0) > Math.max(a[1] ?? 0, b[1] ?? 0)
  );
}

afterAll(async () => {
  await closeOcrWorkers();
  await closeChartBrowser();
});

describe('chart reader', () => {
  it('reads a bar chart with printed values, each anchored to its bar', async () => {
    const task = await read(revenue, 'bar', style, ['Revenue 2021', 'Revenue 2023']);
    const r2021 = task.result.result['Revenue 2021'];
    const r2023 = task.result.result['Revenue 2023'];
    // "$ millions" in the title is the table's scale.
    // Scaled when the title's "$ millions" is read, as printed otherwise.
    expect([145.5, 145_500_000]).toContain(r2021?.value);
    expect([98, 98_000_000]).toContain(r2023?.value);
    const table = task.document.layout?.[0]?.tables[0];
    expect(table?.title).toMatch(/Revenue by year/);
    // The 2021 bar is the second of four, left to right: its box lies in the second quarter.
    const box = r2021?.anchor?.box as [number, number, number, number];
    expect(box[0]).toBeGreaterThan(0.25);
    expect(box[2]).toBeLessThan(0.55);
    expect(box[3] - box[1]).toBeGreaterThan(0.3);
    expect(overlaps(box, r2023?.anchor?.box as number[])).toBe(false);
  }, 60_000);

  it('measures bars without printed values against the axis, below the High band', async () => {
    const task = await read(revenue, 'bar', { ...style, printed: false }, ['Revenue 2021', 'Revenue 2022']);
    const r2021 = task.result.result['Revenue 2021'];
    const r2022 = task.result.result['Revenue 2022'];
    const unscaled = (v: unknown) => ((v as number) >= 1e5 ? (v as number) / 1e6 : (v as number));
    expect(Math.abs(unscaled(r2021?.value) - 145.5)).toBeLessThan(145.5 * 0.02);
    expect(Math.abs(unscaled(r2022?.value) - 160)).toBeLessThan(160 * 0.02);
    expect(r2021?.confidence).toBeLessThanOrEqual(0.95);
    expect(r2021?.anchor?.box).toBeDefined();
  }, 60_000);

  it('reads a grouped bar chart of two series named by its legend', async () => {
    const table: ChartTable = {
      ...revenue,
      title: 'Results by year',
      series: [
        revenue.series[0] as ChartTable['series'][number],
        { name: 'Costs', values: [80, 90, 70, 60] },
      ],
    };
    const task = await read(table, 'grouped', style, ['Revenue 2022', 'Costs 2022', 'Costs 2020']);
    const res = task.result.result;
    expect(res['Revenue 2022']?.value).toBe(160);
    expect(res['Costs 2022']?.value).toBe(70);
    expect(res['Costs 2020']?.value).toBe(80);
    // Side by side: the two 2022 bars are two boxes, the revenue one taller.
    const rev = res['Revenue 2022']?.anchor?.box as number[];
    const cost = res['Costs 2022']?.anchor?.box as number[];
    expect(overlaps(rev, cost)).toBe(false);
    expect(rev[1]).toBeLessThan(cost[1] as number);
  }, 60_000);

  it('measures bars against single-digit ticks beside a rotated axis title', async () => {
    // The axis title written up the left edge runs into "3", "4", "5" read on the whole chart;
    // the column of ticks read on its own gives the axis.
    const table: ChartTable = {
      id: 'homeless',
      title: 'Share of population who have ever been homeless, 2003',
      categories: ['United Kingdom', 'United States', 'Italy', 'Belgium', 'Germany'],
      series: [
        { name: 'Share of population who have ever been homeless, 2003', values: [7.7, 6.2, 4, 3.4, 2.4] },
      ],
    };
    const name = table.title;
    const task = await read(table, 'bar', { ...style, printed: false, font: 12 }, [
      `${name} United States`,
      `${name} Belgium`,
    ]);
    const res = task.result.result;
    expect(Math.abs((res[`${name} United States`]?.value as number) - 6.2)).toBeLessThan(6.2 * 0.02);
    expect(Math.abs((res[`${name} Belgium`]?.value as number) - 3.4)).toBeLessThan(3.4 * 0.02);
  }, 60_000);

  it.runIf(existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))(
    'names the series of a Chart.js grouped bar chart by a legend of years',
    async () => {
      // Wide legend boxes with a year beside each: a legend, not small bars with their values.
      const table: ChartTable = {
        id: 'aid',
        title: 'Aid received',
        categories: ['Oman', 'Samoa'],
        series: [
          { name: '2008', values: [183.88, 40.73] },
          { name: '2009', values: [233.81, 40.05] },
          { name: '2010', values: [210.7, 39.21] },
        ],
      };
      const s: ChartStyle = {
        name: 'c',
        library: 'chartjs',
        printed: true,
        grid: true,
        dark: false,
        font: 14,
      };
      const task = await read(table, 'grouped', s, ['2009 Oman', '2008 Samoa', '2010 Samoa']);
      const res = task.result.result;
      expect(res['2009 Oman']?.value).toBe(233.81);
      expect(res['2008 Samoa']?.value).toBe(40.73);
      expect(res['2010 Samoa']?.value).toBe(39.21);
    },
    120_000,
  );

  it('reads a line chart at each category', async () => {
    const table: ChartTable = {
      ...revenue,
      title: 'Visitors (thousands)',
      series: [{ name: 'Visitors', values: [40, 55, 35, 70] }],
    };
    const task = await read(table, 'line', { ...style, markers: true }, ['Visitors 2021', 'Visitors 2022']);
    const res = task.result.result;
    // Within 10 % (the line is measured where its printed value is missed).
    expect(Math.abs((res['Visitors 2021']?.value as number) / 1000 - 55)).toBeLessThan(5.5);
    expect(Math.abs((res['Visitors 2022']?.value as number) / 1000 - 35)).toBeLessThan(3.5);
    const box = res['Visitors 2021']?.anchor?.box as [number, number, number, number];
    expect(box[2] - box[0]).toBeLessThan(0.1);
  }, 60_000);

  it('reads a pie with printed percentages', async () => {
    const table: ChartTable = {
      id: 'share',
      title: 'Market share',
      categories: ['Alpha', 'Beta', 'Gamma'],
      series: [{ name: 'Market share', values: [50, 30, 20] }],
      suffix: '%',
    };
    const task = await read(table, 'pie', style, ['Market share Beta', 'Market share Gamma']);
    const res = task.result.result;
    expect([30, 0.3]).toContain(res['Market share Beta']?.value);
    expect([20, 0.2]).toContain(res['Market share Gamma']?.value);
    expect(res['Market share Beta']?.anchor?.box).toBeDefined();
  }, 60_000);

  it('says so in the notes when an image holds no chart it can read', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const { tasks } = await extractFromSource(
      { kind: 'file', bytes: blank, contentType: 'image/png' },
      { dataPoints: ['Revenue 2021'], documentType: 'chart_data_extraction' },
      { allowPrivateFetch: false, secBaseUrl: '', secUserAgent: '', provider: new HeuristicProvider() },
    ).catch((e: Error) => ({ tasks: [], error: e }));
    // A blank image fails with the reason (no text) or completes with the chart note.
    const notes = tasks[0]?.result.notes ?? [];
    expect(tasks.length === 0 || notes.some((n) => /chart could not be read/.test(n))).toBe(true);
  }, 60_000);
});
