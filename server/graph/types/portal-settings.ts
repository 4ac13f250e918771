import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { run, sql } from '../../db/sql';
import { auditMutation } from '../scoped';
import { CommunicationPreferencesSchema } from '../../../src/domain/portal/communication';
import { PICTURE_FILE_KIND, PICTURE_MAX_BYTES, PICTURE_MIMES, PICTURE_SETTING, SetPictureSchema } from '../../../src/domain/portal/pictures';
import { detect, fileByUuid, storeFile } from '../../portal/stored-files';

const PreferencesInput = builder.inputType('CommunicationPreferencesInput', {
  fields: (t) => ({
    preferredChannel: t.string({ required: true, description: 'messages, email, phone, sms or post' }),
    channels: t.stringList({ required: true }),
    contactTimes: t.stringList({ required: true, description: 'morning, afternoon, evening' }),
    notes: t.string({ required: true }),
  }),
});

builder.mutationField('setCommunicationPreferences', (t) =>
  t.field({
    type: MutationResult,
    description: "The signed-in participant's communication preferences (how and when they like to be reached).",
    args: { input: t.arg({ type: PreferencesInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (viewer.participantId === null || !can(viewer, 'edit', 'ownProfile')) return fail('portal.errors.notAllowed');
      const parsed = v.safeParse(CommunicationPreferencesSchema, args.input);
      if (!parsed.success) return fail(parsed.issues[0]?.message ?? 'portal.errors.invalid');
      await ctx.db.transaction(async (tx) => {
        await run(
          tx,
          sql`UPDATE participants SET settings = jsonb_set(settings, '{communicationPreferences}', ${JSON.stringify(parsed.output)}::jsonb)
               WHERE id = ${viewer.participantId} AND company_id = ${viewer.companyId}`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'participant.communicationPreferences', 'participant', viewer.participantId, {});
      });
      return ok();
    },
  }),
);

const PictureInput = builder.inputType('SetUserPictureInput', {
  fields: (t) => ({
    uuid: t.id({ required: true, description: 'client-made uuid of the picture file' }),
    kind: t.string({ required: true, description: 'profile or homepage' }),
  }),
});

builder.mutationField('setUserPicture', (t) =>
  t.field({
    type: MutationResult,
    description: "The signed-in user's profile or homepage picture: PNG or JPG (checked by content), at most 2 MB. Multipart: the `file` part.",
    args: { input: t.arg({ type: PictureInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(SetPictureSchema, args.input);
      if (!parsed.success) return fail(parsed.issues[0]?.message ?? 'portal.errors.invalid');
      const { uuid, kind } = parsed.output;
      const setting = PICTURE_SETTING[kind];
      const existing = await fileByUuid(ctx.db, uuid);
      if (existing) return Number(existing.company_id) === viewer.companyId && Number(existing.user_id) === viewer.userId && Number(existing.kind) === PICTURE_FILE_KIND[kind] ? ok() : fail('portal.errors.invalid');
      const file = ctx.upload;
      if (!file) return fail('portal.errors.fileMissing');
      if (file.size <= 0) return fail('portal.errors.fileEmpty');
      if (file.size > PICTURE_MAX_BYTES) return fail('portal.errors.pictureTooLarge');
      const content = await detect(file);
      if (!content.mime || !(PICTURE_MIMES as readonly string[]).includes(content.mime)) return fail('portal.errors.pictureTypeNotAllowed');
      await ctx.db.transaction(async (tx) => {
        await storeFile(tx, ctx.config.dataDir, viewer, {
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
        await auditMutation(tx, { ...ctx, viewer }, 'user.picture', 'user', viewer.userId, { kind });
      });
      return ok();
    },
  }),
);
