/**
 * The server's printing of the wage-value report: the domain's document definition (the same one the
 * browser prints) rendered by pdfmake in Node with the standard Helvetica font, the texts from the
 * Dutch locale file (read, not imported: Dutch lives only in the locale files).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type * as PdfMake from 'pdfmake';
import { buildReportDefinition, translatorOf, type ReportInput, type Translate } from '../../src/domain/wage-value/report';

const require = createRequire(import.meta.url);
const LOCALE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/i18n/areas/wageValue.nl.json');

let pdfmake: typeof PdfMake | null = null;
let translate: Translate | null = null;

function printer(): typeof PdfMake {
  if (!pdfmake) {
    pdfmake = require('pdfmake') as typeof PdfMake;
    pdfmake.setFonts({ Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' } });
    // The report never loads images or files.
    pdfmake.setUrlAccessPolicy(() => false);
    const standard = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
    pdfmake.setLocalAccessPolicy((p) => standard.has(p));
  }
  return pdfmake;
}

/** The Dutch translator of the report texts. */
export function reportTranslator(): Translate {
  if (!translate) translate = translatorOf({ wageValue: JSON.parse(readFileSync(LOCALE, 'utf8')) as Record<string, unknown> });
  return translate;
}

export async function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = printer().createPdf(buildReportDefinition(input, reportTranslator()));
  return doc.getBuffer();
}
