import { builder } from '../builder';
import { ok as writeOk, refuse, registerWrite } from '../../sync/writes';
import { portalWrites } from '../../../src/domain/portal/writes';
import { can, requireViewer } from '../../auth/permissions';
import { filesScope } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { auditMutation, isoOrNull } from '../scoped';
import { pageClause } from '../paginated';
import { paginatedType } from '../paginated';
import { portalParticipant } from '../../portal/scope';
import { detect, fileByUuid, safeName, storeFile, type FileRow } from '../../portal/stored-files';
import {
  DOCUMENT_MAX_BYTES,
  isAllowedDocumentMime,
  PARTICIPANT_DOCUMENT_KIND,
} from '../../../src/domain/portal/documents';

interface DocumentRow extends FileRow {
  created_at: Date;
}

const ParticipantDocument = builder.objectRef<DocumentRow>('ParticipantDocument').implement({
  description: "A document in a participant's file (file kind 5): uploaded by the participant or by staff.",
  fields: (t) => ({
    id: t.field({ type: 'ID', resolve: (r) => Number(r.id) }),
    uuid: t.field({ type: 'ID', resolve: (r) => String(r.uuid) }),
    name: t.exposeString('name'),
    mime: t.exposeString('mime'),
    size: t.int({ resolve: (r) => Number(r.size) }),
    timeCreated: t.string({ resolve: (r) => isoOrNull(r.created_at) ?? '' }),
    uploadedByUserId: t.field({ type: 'ID', nullable: true, resolve: (r) => (r.user_id === null ? null : Number(r.user_id)) }),
    downloadUri: t.string({ resolve: (r) => `/api/portal/documents/${String(r.uuid)}` }),
  }),
});

builder.queryField('participantDocuments', (t) =>
  t.field({
    type: paginatedType('ParticipantDocument', ParticipantDocument),
    description: "A participant's documents, newest first: a participant's own, or one in the staff member's scope.",
    args: { participantId: t.arg.id(), page: t.arg.int(), perPage: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const participantId = can(viewer, 'view', 'files') ? await portalParticipant(ctx.db, viewer, args.participantId) : null;
      if (participantId === null) return { totalItems: 0, records: [] };
      const where = sql`f.participant_id = ${participantId} AND f.kind = ${PARTICIPANT_DOCUMENT_KIND} AND f.deleted_at IS NULL AND ${filesScope(viewer, 'f')}`;
      const count = await run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM files f WHERE ${where}`);
      const rows = await run<DocumentRow>(ctx.db, sql`SELECT f.* FROM files f WHERE ${where} ORDER BY f.created_at DESC, f.id DESC${pageClause(args)}`);
      return { totalItems: Number(count.rows[0]?.n ?? 0), records: rows.rows };
    },
  }),
);

/**
 * participantAddDocument (declared write with a file: docs/writes.md, "Files"): the bytes come as the
 * `file` part of a multipart graph request; the type is checked by content. Exactly once by the
 * client mutation id (a replay answers the first answer and stores nothing); a resend of the same
 * document uuid under another id answers success too, once the document is there.
 */
registerWrite(
  portalWrites.addDocument,
  async ({ tx, viewer, input, graph }) => {
    if (!can(viewer, 'add', 'files')) return refuse('portal.errors.notAllowed');
    const participantId = await portalParticipant(tx, viewer, input.participantId);
    if (participantId === null) return refuse('portal.errors.notFound');
    const existing = await fileByUuid(tx, input.uuid);
    if (existing) {
      // A resend of an upload that already arrived answers success; a uuid used for something else is refused.
      const same = Number(existing.company_id) === viewer.companyId && Number(existing.participant_id) === participantId && Number(existing.kind) === PARTICIPANT_DOCUMENT_KIND && Number(existing.user_id) === viewer.userId;
      return same ? writeOk() : refuse('portal.errors.invalid');
    }
    const file = graph.upload;
    if (!file) return refuse('portal.errors.fileMissing');
    if (file.size <= 0) return refuse('portal.errors.fileEmpty');
    if (file.size > DOCUMENT_MAX_BYTES) return refuse('portal.errors.fileTooLarge');
    const content = await detect(file);
    if (content.bytes.length === 0) return refuse('portal.errors.fileEmpty');
    if (!content.mime || !isAllowedDocumentMime(content.mime)) return refuse('portal.errors.fileTypeNotAllowed');
    const mime = content.mime === 'application/x-cfb' ? 'application/msword' : content.mime;
    const id = await storeFile(tx, graph.config.dataDir, viewer, {
      uuid: input.uuid, kind: PARTICIPANT_DOCUMENT_KIND, name: safeName(input.name, 'document'), mime, bytes: content.bytes, participantId,
    });
    await auditMutation(tx, { ...graph, viewer }, 'participant.document.add', 'file', id, { participantId, size: content.bytes.length, mime });
    return writeOk();
  },
  { description: 'Adds a document to a participant file. Multipart graph request: the `file` part carries the bytes; the type is checked by content.' },
);

/** participantDeleteDocument (declared write): a participant removes only what they uploaded themselves; staff who may delete files, any in scope. */
registerWrite(
  portalWrites.deleteDocument,
  async ({ tx, viewer, current }) => {
    if (!current || Number(current.kind) !== PARTICIPANT_DOCUMENT_KIND || current.participant_id === null) return refuse('portal.errors.notFound');
    const own = Number(current.user_id) === viewer.userId;
    if (!(can(viewer, 'delete', 'files') || (own && can(viewer, 'add', 'files')))) return refuse('portal.errors.notOwnDocument');
    await run(tx, sql`UPDATE files SET deleted_at = now() WHERE id = ${Number(current.id)}`);
    return writeOk();
  },
  { description: 'Removes a document of a participant file (soft delete; the replica receives a tombstone).' },
);
