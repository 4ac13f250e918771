/**
 * The browser's printing of the wage-value report: the same document definition as the server
 * (src/domain/wage-value/report.ts), rendered by pdfmake's browser build with the standard Helvetica
 * font. Loaded on demand; the service worker precaches the chunk, so the concept report prints offline.
 */
import { buildReportDefinition, type ReportInput, type Translate } from '../../domain/wage-value/report';

interface BrowserPdfMake {
  addFontContainer(container: unknown): void;
  createPdf(def: ReturnType<typeof buildReportDefinition>): { getBlob(): Promise<Blob> };
}

let loaded: Promise<BrowserPdfMake> | null = null;

function load(): Promise<BrowserPdfMake> {
  loaded ??= (async () => {
    const [{ default: pdfMake }, { default: helvetica }] = await Promise.all([
      import('pdfmake/build/pdfmake') as Promise<{ default: BrowserPdfMake }>,
      import('pdfmake/build/standard-fonts/Helvetica') as Promise<{ default: unknown }>,
    ]);
    pdfMake.addFontContainer(helvetica);
    return pdfMake;
  })();
  return loaded;
}

export async function reportPdfBlob(input: ReportInput, t: Translate): Promise<Blob> {
  const pdfMake = await load();
  return pdfMake.createPdf(buildReportDefinition(input, t)).getBlob();
}
