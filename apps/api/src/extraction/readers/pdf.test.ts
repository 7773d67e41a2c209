import { degrees, PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../errors';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import { HeuristicProvider } from '../providers/heuristic';
import { makeReportPdf, REPORT_LINES } from '../testing/fixtures';
import { closePdfWorkers, loadPdf, setPdfTextEngine, wordsFromItems } from './pdf';
import { generateTextPdf } from './pdf.bench-corpus';

afterAll(() => closePdfWorkers());

describe('loadPdf', () => {
  it('reads lines in reading order with page and line numbers (in a worker thread)', async () => {
    const doc = await loadPdf(await makeReportPdf());
    expect(doc.kind).toBe('pdf');
    const page2 = doc.lines.filter((l) => l.location.page === 2).map((l) => [l.location.line, l.text]);
    expect(page2).toEqual([
      [1, 'Financial highlights'],
      [2, 'The figures below are unaudited.'],
      [3, REPORT_LINES.revenue],
      [4, REPORT_LINES.margin],
      [5, REPORT_LINES.date],
      [6, 'Operating expenses were broadly flat.'],
    ]);
    expect(doc.lines[0]).toMatchObject({ text: 'Acme Corporation', location: { page: 1, line: 1 } });
  });

  it('reads a long PDF with both workers, every page once and in order', async () => {
    const bytes = await generateTextPdf(100);
    expect(bytes.length).toBeGreaterThan(150_000);
    const [split, inThread] = await Promise.all([loadPdf(bytes), loadPdf(bytes, { inThread: true })]);
    expect(split.layout?.map((p) => p.number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(split.lines).toEqual(inThread.lines);
  }, 120_000);

  it('gives the same lines in-thread and in the worker', async () => {
    const bytes = await generateTextPdf(3);
    const [worker, inThread] = await Promise.all([loadPdf(bytes), loadPdf(bytes, { inThread: true })]);
    expect(worker.lines).toEqual(inThread.lines);
    expect(worker.title).toBe('Benchmark corpus (3 pages)');
    expect(worker.lines.length).toBeGreaterThan(100);
  });

  it('reads the text layer with PDFium, word by word, and answers as pdf.js did', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    const draw = (text: string, x: number, y: number, right = false) =>
      page.drawText(text, { x: right ? x - font.widthOfTextAtSize(text, 9) : x, y, size: 9, font });
    draw('Consolidated statement of income (in millions)', 60, 700);
    draw('2024', 400, 670, true);
    draw('2023', 480, 670, true);
    // A label and its figures in one run, as generators pad columns with spaces.
    draw('Net sales', 60, 650);
    draw('6,318.2      5,906.7', 480 - font.widthOfTextAtSize('6,318.2      5,906.7', 9), 650);
    draw('Operating income', 60, 636);
    draw('1,204.0', 400, 636, true);
    draw('1,087.5', 480, 636, true);
    const bytes = await pdf.save();
    const ask = async () => {
      const doc = await loadPdf(bytes);
      const { result } = await new HeuristicProvider().extract(
        doc,
        ['Net sales 2023', 'Operating income 2024'],
        {
          documentType: 'pdf',
        },
      );
      return {
        engine: doc.textEngine,
        values: Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value])),
      };
    };
    const pdfium = await ask();
    await setPdfTextEngine('pdfjs');
    const pdfjs = await ask().finally(() => setPdfTextEngine('pdfium'));
    expect(pdfium.engine).toBe('pdfium');
    expect(pdfjs.engine).toBe('pdfjs');
    expect(pdfium.values).toEqual({
      'Net sales 2023': 5_906_700_000,
      'Operating income 2024': 1_204_000_000,
    });
    expect(pdfjs.values).toEqual(pdfium.values);
  });

  it('keeps the caller’s bytes intact (the worker gets a copy)', async () => {
    const bytes = await makeReportPdf();
    const before = bytes.length;
    await loadPdf(bytes);
    expect(bytes.length).toBe(before);
    expect(bytes.byteLength).toBe(before);
  });

  it('keeps the event loop free while a long PDF is parsed', async () => {
    const bytes = await generateTextPdf(60);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    const doc = await loadPdf(bytes);
    const elapsed = Date.now() - started;
    clearInterval(timer);
    expect(doc.lines.some((l) => l.location.page === 60)).toBe(true);
    // The interval keeps firing throughout the parse (loosely: two cores are shared with other tests).
    expect(ticks).toBeGreaterThan(elapsed / 5 / 8);
  });

  it('reads several PDFs at once through the worker pool', async () => {
    const bytes = await makeReportPdf();
    const docs = await Promise.all([loadPdf(bytes), loadPdf(bytes), loadPdf(bytes), loadPdf(bytes)]);
    expect(new Set(docs.map((d) => JSON.stringify(d.lines))).size).toBe(1);
  });

  it('stops a read that runs past its time limit, and the next read still works', async () => {
    const big = await generateTextPdf(40);
    await expect(loadPdf(big, { timeoutMs: 5 })).rejects.toThrow('The PDF took longer than 0.005 s to read');
    const doc = await loadPdf(await makeReportPdf());
    expect(doc.lines.length).toBeGreaterThan(5);
  });

  it('splits table cells at wide gaps', async () => {
    const doc = await loadPdf(await generateTextPdf(1));
    const row = doc.lines.find((l) => l.text.startsWith('Segment 5 revenue'));
    expect(row?.cells?.map((c) => c.text)).toEqual([
      'Segment 5 revenue',
      expect.stringMatching(/^\$/),
      expect.stringMatching(/^\$/),
    ]);
    expect(row?.text).toMatch(/^Segment 5 revenue {2}\$[\d,.]+ {2}\$[\d.]+$/);
  });

  it('reads a table printed sideways, either way round, and keeps its boxes where they are on the page', async () => {
    // Before: the runs of a page turned a quarter (no /Rotate) were read as if across the page,
    // into lines like "551.7174.2", and no table was found.
    for (const turn of [90, -90]) {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const page = pdf.addPage([612, 792]);
      // (X, Y): where a run starts on the page as read turned upright (792 wide, 612 high).
      const draw = (text: string, X: number, Y: number, right = false) => {
        const start = right ? X - font.widthOfTextAtSize(text, 9) : X;
        const at = turn === 90 ? { x: 612 - Y, y: start } : { x: Y, y: 792 - start };
        page.drawText(text, { ...at, size: 9, font, rotate: degrees(turn) });
      };
      draw('Group income statement (£m)', 60, 560);
      draw('2024', 600, 530, true);
      draw('2023', 700, 530, true);
      draw('Revenue', 60, 510);
      draw('1,532.4', 600, 510, true);
      draw('1,401.9', 700, 510, true);
      draw('Gross profit', 60, 497);
      draw('611.4', 600, 497, true);
      draw('551.7', 700, 497, true);
      const doc = await loadPdf(await pdf.save());
      const { result } = await new HeuristicProvider().extract(doc, ['Revenue 2024', 'Gross profit 2023'], {
        documentType: 'pdf',
      });
      expect(result['Revenue 2024']?.value).toBe(1_532_400_000);
      expect(result['Gross profit 2023']?.value).toBe(551_700_000);
      // The figure's box is as it stands on the stored page: tall and narrow.
      const [x0, y0, x1, y1] = result['Revenue 2024']?.anchor?.box ?? [0, 0, 0, 0];
      expect(y1 - y0).toBeGreaterThan((x1 - x0) * 2);
      const middleY = ((y0 + y1) / 2) * 792;
      expect(middleY).toBeCloseTo(turn === 90 ? 792 - 600 + 16 : 600 - 16, -1);
    }
  });

  it('reads a page shown upside down (/Rotate 180) and keeps its boxes where they are shown', async () => {
    // Before: its runs read right to left were taken as lines across, and nothing was found.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    const draw = (text: string, x: number, y: number, right = false) =>
      page.drawText(text, { x: right ? x - font.widthOfTextAtSize(text, 9) : x, y, size: 9, font });
    draw('Group income statement (£m)', 60, 700);
    draw('2024', 400, 670, true);
    draw('2023', 500, 670, true);
    draw('Revenue', 60, 650);
    draw('1,532.4', 400, 650, true);
    draw('1,401.9', 500, 650, true);
    page.setRotation(degrees(180));
    const doc = await loadPdf(await pdf.save());
    const { result } = await new HeuristicProvider().extract(doc, ['Revenue 2023'], { documentType: 'pdf' });
    expect(result['Revenue 2023']?.value).toBe(1_401_900_000);
    // Shown turned, the figure near the stored page's top right stands near the bottom left.
    const [x0, y0, x1, y1] = result['Revenue 2023']?.anchor?.box ?? [0, 0, 0, 0];
    expect(((x0 + x1) / 2) * 612).toBeCloseTo(612 - 480, -1);
    expect(((y0 + y1) / 2) * 792).toBeCloseTo(650, -1);
  });

  it('refuses garbage with a readable error', async () => {
    await expect(loadPdf(Buffer.from('this is not a pdf at all'))).rejects.toThrow(
      new DocumentError('The file is not a readable PDF (it is damaged or not a PDF)'),
    );
    const truncated = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    await expect(loadPdf(truncated)).rejects.toThrow('The file is not a readable PDF');
  });

  it('refuses a password-protected PDF with a readable error', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('secret', { x: 50, y: 700, size: 12, font });
    // A Standard security handler whose user password is not empty: pdfjs needs a password.
    const encrypt = doc.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      O: PDFHexString.of('0f'.repeat(32)),
      U: PDFHexString.of('1e'.repeat(32)),
      P: -44,
    });
    doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
    doc.context.trailerInfo.ID = doc.context.obj([
      PDFHexString.of('ab'.repeat(16)),
      PDFHexString.of('ab'.repeat(16)),
    ]);
    const bytes = await doc.save({ useObjectStreams: false });
    await expect(loadPdf(bytes)).rejects.toThrow(
      'The PDF is password-protected; upload a copy without a password',
    );
  });
});

describe('wordsFromItems + layoutPageFromWords', () => {
  it('places the words of a run the reader joined by their letters, bold and regular alike', async () => {
    // Cells of a tight table, each drawn at its own place, that the PDF reader gives as one run
    // with its width only. Shared out by characters, "$6,318" was placed 8 pt right of where it
    // is and overlapped the next column.
    const pdf = await PDFDocument.create();
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold]) {
      const font = await pdf.embedFont(name);
      const cells = [
        { text: 'Total net sales', x: 6.7 },
        { text: '$6,318', x: 85 },
        { text: '$5,906', x: 123.2 },
        { text: '7%', x: 161.4 },
      ];
      const last = cells.at(-1) as (typeof cells)[number];
      const width = last.x + font.widthOfTextAtSize(last.text, 12) - 6.7;
      const words = wordsFromItems({
        width: 595,
        height: 842,
        items: [[cells.map((c) => c.text).join(' '), 6.7, 700, width, 12]],
      });
      for (const cell of cells.slice(1)) {
        const word = words.find((w) => w.text === cell.text);
        expect((word?.box[0] ?? 0) * 595, `${name} ${cell.text}`).toBeCloseTo(cell.x, -0.6);
      }
    }
  });

  it('splits runs into words with boxes, joins one baseline into a line and orders top to bottom', () => {
    const words = wordsFromItems({
      width: 600,
      height: 800,
      items: [
        ['world', 80, 100.4, 30, 10],
        ['Hello', 50, 100, 25, 10],
        ['Second line', 50, 120, 60, 10],
        ['  ', 50, 140, 5, 10],
      ],
    });
    expect(words.map((w) => w.text)).toEqual(['world', 'Hello', 'Second', 'line']);
    const hello = words[1];
    expect(hello?.box[0]).toBeCloseTo(50 / 600);
    expect(hello?.box[1]).toBeCloseTo(92 / 800);
    const page = layoutPageFromWords({ number: 3, width: 600, height: 800, source: 'text', words });
    expect(page.lines.map((l) => l.text)).toEqual(['Hello world', 'Second line']);
    expect(textLinesFromLayout([page]).map((l) => l.location)).toEqual([
      { page: 3, line: 1 },
      { page: 3, line: 2 },
    ]);
  });
});
