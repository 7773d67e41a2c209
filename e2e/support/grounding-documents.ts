import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/**
 * One small financial table in every kind of document (issue 13 "Must show"), with the printed
 * position of each value known: the grounding tests check that the box drawn for a value has its
 * centre inside that value's cell.
 */

export type Box = [number, number, number, number];

export const TABLE_ROWS = [
  { label: 'Total revenue', fy2024: '1,234.5', fy2023: '1,000.0' },
  { label: 'Gross margin', fy2024: '45%', fy2023: '41%' },
  { label: 'Operating income', fy2024: '310.2', fy2023: '280.9' },
] as const;

/** The values the extraction should find, by data point. */
export const TABLE_VALUES = {
  'Total revenue': 1234500000,
  'Gross margin': 0.45,
  'Operating income': 310200000,
} as const;

export function reportHtml(title = 'Acme Corp Annual Report'): string {
  const rows = TABLE_ROWS.map(
    (row) =>
      `<tr><td data-cell="${row.label}|label">${row.label}</td><td data-cell="${row.label}|FY2024" class="n">${row.fy2024}</td><td data-cell="${row.label}|FY2023" class="n">${row.fy2023}</td></tr>`,
  ).join('\n');
  return `<!doctype html><html><head><title>${title}</title><style>
@page { size: Letter; margin: 0 }
html, body { margin: 0 }
body { font: 15px Arial, sans-serif; padding: 64px 72px; }
table { border-collapse: collapse; width: 560px; margin-top: 24px }
td, th { padding: 8px 12px; border-bottom: 1px solid #ccc; text-align: left }
.n, th.n { text-align: right }
</style></head><body>
<h1>${title}</h1>
<p>Consolidated statement of operations (In millions, except percentages)</p>
<table>
<tr><th>Metric</th><th class="n">FY2024</th><th class="n">FY2023</th></tr>
${rows}
</table>
<p>Fiscal year ended December 31, 2024.</p>
</body></html>`;
}

/** The cells' boxes as 0–1 of the page (Letter, 816 × 1056 CSS px, no margins), by "label|column". */
async function cellBoxes(page: Page): Promise<Record<string, Box>> {
  return page.evaluate(() => {
    const boxes: Record<string, [number, number, number, number]> = {};
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('[data-cell]'))) {
      const rect = cell.getBoundingClientRect();
      boxes[cell.dataset.cell ?? ''] = [
        rect.left / 816,
        rect.top / 1056,
        rect.right / 816,
        rect.bottom / 1056,
      ];
    }
    return boxes;
  });
}

async function withScratchPage<T>(source: Page, run: (page: Page) => Promise<T>): Promise<T> {
  const page = await source.context().newPage();
  try {
    await page.setViewportSize({ width: 816, height: 1056 });
    await page.setContent(reportHtml());
    return await run(page);
  } finally {
    await page.close();
  }
}

/** The report as a Letter PDF, with each cell's box on page 1. */
export function makeTablePdf(source: Page): Promise<{ pdf: Buffer; cells: Record<string, Box> }> {
  return withScratchPage(source, async (page) => ({
    cells: await cellBoxes(page),
    pdf: await page.pdf({ format: 'Letter', margin: { top: 0, right: 0, bottom: 0, left: 0 } }),
  }));
}

/** The report as a JPEG scan of the page (816 × 1056), with each cell's box. */
export function makeTableJpeg(source: Page): Promise<{ jpeg: Buffer; cells: Record<string, Box> }> {
  return withScratchPage(source, async (page) => ({
    cells: await cellBoxes(page),
    jpeg: await page.screenshot({ type: 'jpeg', quality: 92, fullPage: false }),
  }));
}

export const TABLE_CSV = [
  'Metric,FY2024,FY2023',
  ...TABLE_ROWS.map((row) => `${row.label},"${row.fy2024}","${row.fy2023}"`),
].join('\n');

/** Where each value sits in the CSV / the workbook's "Income" sheet: row (1-based) and column letter. */
export const TABLE_CELLS: Record<string, { row: number; column: string }> = Object.fromEntries(
  TABLE_ROWS.flatMap((row, index) => [
    [`${row.label}|FY2024`, { row: index + 2, column: 'B' }],
    [`${row.label}|FY2023`, { row: index + 2, column: 'C' }],
  ]),
);

export async function makeTableXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Cover').addRow(['Acme Corp annual figures']);
  const sheet = workbook.addWorksheet('Income');
  sheet.addRow(['Metric', 'FY2024', 'FY2023']);
  for (const row of TABLE_ROWS) {
    const asNumber = (text: string) =>
      text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text.replace(/,/g, ''));
    const added = sheet.addRow([row.label, asNumber(row.fy2024), asNumber(row.fy2023)]);
    if (row.fy2024.endsWith('%')) {
      added.getCell(2).numFmt = '0%';
      added.getCell(3).numFmt = '0%';
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A bar chart's figures: revenue by year, printed above each bar. */
export const CHART_BARS = [
  { year: '2021', value: 120 },
  { year: '2022', value: 145 },
  { year: '2023', value: 160 },
  { year: '2024', value: 98 },
] as const;

/** The bar chart as an SVG page of 800 × 500 CSS px, each bar marked `data-cell="Revenue|<year>"`. */
function barChartHtml(): string {
  const left = 80;
  const bottom = 420;
  const top = 80;
  const max = 200;
  const step = (760 - left) / CHART_BARS.length;
  const y = (v: number) => bottom - ((bottom - top) * v) / max;
  const ticks = [0, 50, 100, 150, 200]
    .map(
      (t) =>
        `<line x1="${left}" x2="760" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${left - 8}" y="${y(t) + 5}" text-anchor="end">${t}</text>`,
    )
    .join('');
  const bars = CHART_BARS.map((bar, i) => {
    const x = left + i * step + step * 0.2;
    const w = step * 0.6;
    return `<rect data-cell="Revenue|${bar.year}" x="${x}" y="${y(bar.value)}" width="${w}" height="${bottom - y(bar.value)}" fill="#4c78a8"/>
<text x="${x + w / 2}" y="${y(bar.value) - 8}" text-anchor="middle">${bar.value}</text>
<text x="${x + w / 2}" y="${bottom + 24}" text-anchor="middle">${bar.year}</text>`;
  }).join('');
  return `<!doctype html><html><head><style>html,body{margin:0;background:#fff}
svg{font:16px Arial,sans-serif}</style></head><body>
<svg width="800" height="500" xmlns="http://www.w3.org/2000/svg">
<text x="400" y="40" text-anchor="middle" font-size="20">Revenue by year ($ millions)</text>
${ticks}<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="#333"/>${bars}</svg></body></html>`;
}

/** The bar chart as a PNG (800 × 500), with each bar's box as 0–1 of the image, by "Revenue|year". */
export async function makeBarChartPng(source: Page): Promise<{ png: Buffer; bars: Record<string, Box> }> {
  const page = await source.context().newPage();
  try {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.setContent(barChartHtml());
    const bars = await page.evaluate(() => {
      const boxes: Record<string, [number, number, number, number]> = {};
      for (const bar of Array.from(document.querySelectorAll<SVGElement>('[data-cell]'))) {
        const rect = bar.getBoundingClientRect();
        boxes[bar.dataset.cell ?? ''] = [
          rect.left / 800,
          rect.top / 500,
          rect.right / 800,
          rect.bottom / 500,
        ];
      }
      return boxes;
    });
    return { png: await page.screenshot({ type: 'png' }), bars };
  } finally {
    await page.close();
  }
}

/** The centre of the drawn box, as 0–1 of the element it is drawn on. */
export async function boxCentreIn(box: Locator, frame: Locator): Promise<{ x: number; y: number }> {
  await expect(box).toBeVisible();
  const drawn = await box.boundingBox();
  const on = await frame.boundingBox();
  if (!drawn || !on) throw new Error('box or page not laid out');
  return {
    x: (drawn.x + drawn.width / 2 - on.x) / on.width,
    y: (drawn.y + drawn.height / 2 - on.y) / on.height,
  };
}

export function expectInside(point: { x: number; y: number }, cell: Box | undefined, what: string) {
  expect(cell, `known cell for ${what}`).toBeDefined();
  const [x0, y0, x1, y1] = cell as Box;
  expect(point.x, `${what}: centre x inside the cell`).toBeGreaterThanOrEqual(x0);
  expect(point.x, `${what}: centre x inside the cell`).toBeLessThanOrEqual(x1);
  expect(point.y, `${what}: centre y inside the cell`).toBeGreaterThanOrEqual(y0);
  expect(point.y, `${what}: centre y inside the cell`).toBeLessThanOrEqual(y1);
}
