import { ok, refuse, registerWrite } from '../../sync/writes';
import { portalWrites } from '../../../src/domain/portal/writes';
import { can } from '../../auth/permissions';
import { run, sql } from '../../db/sql';
import { auditMutation } from '../scoped';
import { PICTURE_FILE_KIND, PICTURE_MAX_BYTES, PICTURE_MIMES, PICTURE_SETTING } from '../../../src/domain/portal/pictures';
import { detect, fileByUuid, storeFile } from '../../portal/stored-files';

/** setCommunicationPreferences (declared write): the signed-in participant's preferences (how and when they like to be reached). */
registerWrite(
  portalWrites.setCommunicationPreferences,
  async ({ tx, viewer, input, graph }) => {
    if (viewer.participantId === null || !can(viewer, 'edit', 'ownProfile')) return refuse('portal.errors.notAllowed');
    await run(
      tx,
      sql`UPDATE participants SET settings = jsonb_set(settings, '{communicationPreferences}', ${JSON.stringify(input)}::jsonb)
           WHERE id = ${viewer.participantId} AND company_id = ${viewer.companyId}`,
    );
    await auditMutation(tx, { ...graph, viewer }, 'participant.communicationPreferences', 'participant', viewer.participantId, {});
    return ok();
  },
  { description: "The signed-in participant's communication preferences (how and when they like to be reached)." },
);

/**
 * setUserPicture (declared write with a file: docs/writes.md, "Files"): the signed-in user's profile or
 * homepage picture, PNG or JPG (checked by content), at most 2 MB. Multipart: the `file` part.
 */
registerWrite(
  portalWrites.setPicture,
  async ({ tx, viewer, input, graph }) => {
    const { uuid, kind } = input;
    const setting = PICTURE_SETTING[kind];
    const existing = await fileByUuid(tx, uuid);
    if (existing) return Number(existing.company_id) === viewer.companyId && Number(existing.user_id) === viewer.userId && Number(existing.kind) === PICTURE_FILE_KIND[kind] ? ok() : refuse('portal.errors.invalid');
    const file = graph.upload;
    if (!file) return refuse('portal.errors.fileMissing');
    if (file.size <= 0) return refuse('portal.errors.fileEmpty');
    if (file.size > PICTURE_MAX_BYTES) return refuse('portal.errors.pictureTooLarge');
    const content = await detect(file);
    if (!content.mime || !(PICTURE_MIMES as readonly string[]).includes(content.mime)) return refuse('portal.errors.pictureTypeNotAllowed');
    await storeFile(tx, graph.config.dataDir, viewer, {
      uuid, kind: PICTURE_FILE_KIND[kind], name: `${kind}.${content.mime === 'image/png' ? 'png' : 'jpg'}`, mime: content.mime ?? '', bytes: content.bytes,
      // A participant's picture belongs to the participant (issue 20): the files scope decides who sees it.
      participantId: viewer.participantId,
    });
    // The previous picture leaves (its bytes stay until housekeeping); the new one is the setting.
    await run(
      tx,
      sql`UPDATE files SET deleted_at = now() WHERE company_id = ${viewer.companyId} AND user_id = ${viewer.userId} AND kind = ${PICTURE_FILE_KIND[kind]}
           AND uuid <> ${uuid}::uuid AND deleted_at IS NULL`,
    );
    await run(tx, sql`UPDATE users SET settings = jsonb_set(settings, ${`{${setting}}`}::text[], to_jsonb(${uuid}::text)) WHERE id = ${viewer.userId} AND company_id = ${viewer.companyId}`);
    await auditMutation(tx, { ...graph, viewer }, 'user.picture', 'user', viewer.userId, { kind });
    return ok();
  },
  { description: "The signed-in user's profile or homepage picture: PNG or JPG (checked by content), at most 2 MB. Multipart: the `file` part." },
);
