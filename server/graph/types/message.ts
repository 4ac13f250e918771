import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { paginatedType } from '../paginated';
import { Kind, type GraphQLResolveInfo } from 'graphql';
import { countMessages, findMessage, listMessages, type MessageRow } from '../../messages/store';
import { recipientOptions, type RecipientOption } from '../../messages/reach';
import type { AttachmentMeta } from '../../../src/domain/messages/attachments';

/**
 * Messages between staff and participants (01 §2, §3, §4, §7; docs/decisions-messages.md).
 * Queries read the server; the screens read the replica and write through the outbox (the
 * declared writes of ./message-writes.ts).
 */
interface PartyShape {
  type: 'user' | 'participant';
  id: number;
  givenName: string | null;
  surname: string | null;
  name: string;
}

const MessageParty = builder.objectRef<PartyShape>('MessageParty').implement({
  description: 'A sender or recipient: a user or a participant.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'user or participant' }),
    id: t.exposeID('id'),
    givenName: t.exposeString('givenName', { nullable: true }),
    surname: t.exposeString('surname', { nullable: true }),
    name: t.exposeString('name'),
  }),
});

const MessageAttachment = builder.objectRef<AttachmentMeta>('MessageAttachment').implement({
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    mime: t.exposeString('mime'),
    size: t.exposeInt('size'),
  }),
});

const MessageRecipient = builder.objectRef<RecipientOption>('MessageRecipient').implement({
  description: 'Someone the viewer may write to.',
  fields: (t) => ({
    type: t.exposeString('kind', { description: 'user or participant' }),
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    roleId: t.exposeInt('roleId', { nullable: true }),
  }),
});

const party = (m: MessageRow, side: 'sender' | 'recipient'): PartyShape => {
  const userId = m[`${side}_user_id`];
  return {
    type: userId !== null ? 'user' : 'participant',
    id: Number(userId ?? m[`${side}_participant_id`]),
    givenName: m[`${side}_given_name`],
    surname: m[`${side}_surname`],
    name: m[`${side}_name`],
  };
};

export const Message = builder.objectRef<MessageRow>('Message');
Message.implement({
  description: 'A message (01 §3). display false = archived by the recipient; senderDisplay false = archived by the sender.',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    subject: t.exposeString('subject'),
    body: t.exposeString('body', { description: 'Sanitised HTML: paragraphs, line breaks, bold, italic, lists, http(s)/mailto links.' }),
    sender: t.field({ type: MessageParty, resolve: (m) => party(m, 'sender') }),
    recipient: t.field({ type: MessageParty, resolve: (m) => party(m, 'recipient') }),
    attachments: t.field({ type: [MessageAttachment], resolve: (m) => m.attachments ?? [] }),
    createdAt: t.string({ resolve: (m) => new Date(m.created_at).toISOString() }),
    read: t.exposeBoolean('read'),
    readAt: t.string({ nullable: true, resolve: (m) => (m.read_at ? new Date(m.read_at).toISOString() : null) }),
    display: t.exposeBoolean('display'),
    senderDisplay: t.exposeBoolean('sender_display'),
    parentMessageId: t.id({ nullable: true, resolve: (m) => m.parent_message_id }),
    parentMessage: t.field({
      type: Message,
      nullable: true,
      resolve: (m, _a, ctx) => (m.parent_message_id === null ? null : findMessage(ctx.db, requireViewer(ctx), m.parent_message_id)),
    }),
    participantId: t.id({ nullable: true, resolve: (m) => m.participant_id }),
  }),
});

const MessagePage = paginatedType('Message', Message);

/** Whether the field's selection is `totalItems` alone (and __typename), with no fragments. */
function asksOnlyTotal(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every((s) => s.kind === Kind.FIELD && (s.name.value === 'totalItems' || s.name.value === '__typename')),
  );
}

const MessageTabEnum = builder.enumType('MessageTab', { values: ['inbox', 'sent', 'archived'] as const });

builder.queryField('messages', (t) =>
  t.field({
    type: MessagePage,
    description: 'One tab of the viewer\'s messages, newest first. Unread count: messages(tab: inbox, read: false, perPage: 1) { totalItems }.',
    args: {
      tab: t.arg({ type: MessageTabEnum, defaultValue: 'inbox' }),
      read: t.arg.boolean({ required: false }),
      page: t.arg.int({ defaultValue: 1 }),
      perPage: t.arg.int({ defaultValue: 15, description: '0 answers every record' }),
    },
    resolve: async (_r, args, ctx, info) => {
      const viewer = requireViewer(ctx);
      const tab = args.tab ?? 'inbox';
      // Only the count asked (the unread badge, about once a second per user): from the count cache, no page read (issue 25).
      if (asksOnlyTotal(info)) return { totalItems: await countMessages(ctx.db, viewer, { tab, read: args.read }), records: [] };
      return listMessages(ctx.db, viewer, { tab, read: args.read, page: args.page, perPage: args.perPage });
    },
  }),
);

builder.queryField('message', (t) =>
  t.field({
    type: Message,
    nullable: true,
    args: { id: t.arg.id({ required: true, description: 'numeric id or uuid' }) },
    resolve: (_r, args, ctx) => findMessage(ctx.db, requireViewer(ctx), String(args.id)),
  }),
);

builder.queryField('messageRecipients', (t) =>
  t.field({
    type: [MessageRecipient],
    description: 'The users and participants the viewer may write to whose name contains `search`.',
    args: { search: t.arg.string({ defaultValue: '' }), limit: t.arg.int({ defaultValue: 20 }) },
    resolve: (_r, args, ctx) => recipientOptions(ctx.db, requireViewer(ctx), args.search ?? '', args.limit ?? 20),
  }),
);

// The message writes (sendMessage, readMessage, unreadMessage, archiveMessage) are declared in
// src/domain/messages/writes.ts and registered in ./message-writes.ts.
