import type { Hono } from 'hono';
import pdfMake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db, Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import type { RouteParams } from '../http/route-rules';
import type { Config } from '../config';
import { declare } from '../http/route-rules';
import { byId } from './common';

/**
 * The legacy print of a blueprint's documents (02 §7: POST werkplanblauwdruk/print-documents/blauwdruk/{id}
 * answers a binary file): a PDF with the blueprint, its steps, work orders with their descriptions,
 * behaviours and skills with target scores, and the list of its documents. Staff only.
 * The section headings come with the request (form fields `label.<section>`, the client's locale texts);
 * without them the section names are used.
 */
pdfMake.setFonts({ Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' } });
pdfMake.setUrlAccessPolicy(() => false);

type Row = Record<string, unknown>;
const text = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');

export function mountBlueprintPrint(app: Hono, db: Db, config: Config): void {
  const rule = {
    method: 'POST',
    path: '/api/werkplanblauwdruk/print-documents/blauwdruk/:id',
    // staff only: blueprints:view is a staff privilege (participants and the chronos account have none)
    access: { privilege: 'view', resource: 'blueprints' },
    scope: 'company',
    load: (q: Queryable, viewer: Viewer, params: RouteParams) => {
      const n = Number(params.id);
      return Number.isSafeInteger(n) && n > 0 ? byId<Row>(q, 'blueprints', viewer, n) : Promise.resolve(null);
    },
  } as const;
  declare(app, { db, config }, rule, async (c, { object: bp }) => {
    const id = Number(bp.id);
    const form = await c.req.parseBody().catch(() => ({}));
    const label = (key: string): string => {
      const v = (form as Record<string, unknown>)[`label.${key}`];
      return typeof v === 'string' && v.length <= 100 ? v : key;
    };
    const q = async (sql: string) => (await db.query<Row>(sql, [id])).rows;
    const [steps, orders, behaviors, skills, files] = await Promise.all([
      q('SELECT label, parent_step_id, id FROM blueprint_steps WHERE blueprint_id = $1 AND deleted_at IS NULL ORDER BY sort_order, id'),
      q('SELECT w.name, w.description FROM blueprint_work_orders x JOIN work_orders w ON w.id = x.work_order_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order, x.id'),
      q('SELECT b.name, x.target_score FROM blueprint_behaviors x JOIN behaviors b ON b.id = x.behavior_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order'),
      q('SELECT s.name, x.target_score FROM blueprint_skills x JOIN skills s ON s.id = x.skill_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order'),
      q('SELECT name FROM files WHERE blueprint_id = $1 AND deleted_at IS NULL ORDER BY id'),
    ]);
    const depth = new Map<unknown, number>();
    for (const s of steps) depth.set(s.id, s.parent_step_id == null ? 0 : (depth.get(s.parent_step_id) ?? 0) + 1);
    const section = (title: string, rows: Content[]): Content[] => (rows.length ? [{ text: title, style: 'h2' }, { ul: rows }] : []);
    const doc: TDocumentDefinitions = {
      defaultStyle: { font: 'Helvetica', fontSize: 10 },
      styles: { h1: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] }, h2: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] } },
      info: { title: text(bp.name) },
      content: [
        { text: text(bp.name), style: 'h1' },
        ...(text(bp.description) ? [{ text: text(bp.description) }] : []),
        ...section(label('steps'), steps.map((s) => ({ text: text(s.label), margin: [(depth.get(s.id) ?? 0) * 12, 0, 0, 0] as [number, number, number, number] }))),
        ...section(label('workOrders'), orders.map((o) => ({ text: [{ text: text(o.name), bold: true }, text(o.description) ? ` – ${text(o.description)}` : ''] }))),
        ...section(label('behaviors'), behaviors.map((b) => `${text(b.name)}${b.target_score == null ? '' : ` (${text(b.target_score)})`}`)),
        ...section(label('skills'), skills.map((s) => `${text(s.name)}${s.target_score == null ? '' : ` (${text(s.target_score)})`}`)),
        ...section(label('documents'), files.map((f) => text(f.name))),
      ],
    };
    const buffer = await pdfMake.createPdf(doc).getBuffer();
    const name = `blauwdruk-${id}.pdf`;
    return new Response(new Uint8Array(buffer), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    });
  });
}
