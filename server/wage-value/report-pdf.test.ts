import { describe, expect, it } from 'vitest';
import { renderReportPdf, reportTranslator } from './report-pdf';
import { pdfText } from './pdf-text';
import { validDraft } from '../../src/domain/wage-value/measurement-cases';
import { buildReportDefinition } from '../../src/domain/wage-value/report';

const participant = { firstname: 'Jan', prefix: 'de', lastname: 'Vries', birthdate: '1990-04-12' };

describe('wage-value report PDF', () => {
  it('prints the model report fields of a wage dispensation', async () => {
    const pdf = await renderReportPdf({ draft: validDraft({ type: 2, workingHours: 32, tasks: [[16, 80, 100, 100, 50, 100], [16, 60, 100, 100, 50, 100]] }), status: 'definitive', participant, printedAt: '2026-11-23T10:00:00Z' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of [
      'Rapportage loonwaardemeting', 'Loonwaardemeting voor loondispensatie', 'Jan de Vries', '12-04-1990', 'Rapportagedatum', '09-11-2026',
      'Datum bedrijfsbezoek', '02-11-2026', 'Groen BV', 'Mevr. Kramer', 'hr@groen.nl', 'Dhr. Hoogland', 'Hovenier', 'Medewerker groen',
      '32 uur', '40 uur', 'E. Expert', 'Taak 1', '50%', '80%', '60%', '70%', 'Normloon', '€ 2.200,00', '€ 1.232,00', '0,8',
      'Toelichting tempo', 'Tempo toegelicht', 'Zienswijze werknemer', 'Werknemer herkent zich erin.', 'Zes tot twaalf maanden', 'Stabiele prestatie.',
    ]) expect(text).toContain(s);
    expect(text).not.toContain('CONCEPT');
  });

  it('marks a concept and leaves the wage fields out of a wage subsidy', async () => {
    const text = pdfText(await renderReportPdf({ draft: validDraft(), status: 'concept', participant, printedAt: '2026-11-23T10:00:00Z' }));
    expect(text).toContain('CONCEPT');
    expect(text).toContain('Loonwaardemeting voor loonkostensubsidie');
    expect(text).toContain('74%');
    expect(text).not.toContain('Normloon');
    expect(text).not.toContain('Vakantietoeslag');
  });

  it('the definition names every used task in the table', () => {
    const def = buildReportDefinition({ draft: validDraft(), status: 'concept', participant, printedAt: '2026-11-23T10:00:00Z' }, reportTranslator());
    expect(JSON.stringify(def.content)).toContain('Taak 3');
    expect(JSON.stringify(def.content)).not.toContain('wageValue.report');
  });
});
