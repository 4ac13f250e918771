import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField, EXPORT_ROWS_HEADER } from '../../src/domain/users/export-columns';

/**
 * Streams rows as CSV (UTF-8 with BOM, semicolons: what Dutch Excel opens) or XLSX (exceljs
 * streaming writer): rows go out as they are read, so 10,000 rows never sit in memory at once, and
 * a slow reader holds the source back (drain) instead of filling memory.
 */
export function streamTable<K extends string>(
  columns: readonly (readonly [K, string])[],
  rows: AsyncIterable<Partial<Record<K, unknown>>>,
  format: 'csv' | 'xlsx',
  sheetName: string,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const pump = async () => {
    if (format === 'csv') {
      out.write(`\uFEFF${columns.map(([, header]) => csvField(header)).join(';')}\r\n`);
      for await (const row of rows) {
        if (!out.write(`${columns.map(([key]) => csvField(row[key])).join(';')}\r\n`)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map(([key, header]) => ({ key, header, width: 20 }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  pump().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** The answer headers of a streamed export: its type, the file name, no caching, and the row count first (for progress). */
export function exportHeaders(format: 'csv' | 'xlsx', fileName: string, rows: number): Record<string, string> {
  return {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
    [EXPORT_ROWS_HEADER]: String(rows),
    'access-control-expose-headers': EXPORT_ROWS_HEADER,
  };
}
