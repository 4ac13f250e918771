/**
 * The portal writes, by name: the graph document each sends and the replicated collections its
 * effect changes (pulled once the server accepted it, so the replica shows the server's truth).
 */
import type { CollectionName } from '../../../domain/sync/collections';

export interface PortalOpDef {
  query: string;
  /** The answer field (the mutation's name). */
  field: string;
  pull: CollectionName[];
  /** Sent as a multipart graph request with a `file` part. */
  upload?: boolean;
}

export const PORTAL_OPS = {
  setSettings: {
    field: 'setSettings',
    query: 'mutation SetSettings($page: String!, $widgets: [String!]!) { setSettings(page: $page, widgets: $widgets) { success reason } }',
    pull: ['users'],
  },
  setUserSettings: {
    field: 'setUserSettings',
    query: 'mutation SetUserSettings($input: UserSettingsInput!) { setUserSettings(input: $input) { success reason } }',
    pull: ['users'],
  },
  setCommunicationPreferences: {
    field: 'setCommunicationPreferences',
    query: 'mutation SetCommunicationPreferences($input: CommunicationPreferencesInput!) { setCommunicationPreferences(input: $input) { success reason } }',
    pull: ['participants'],
  },
  setUserPicture: {
    field: 'setUserPicture',
    query: 'mutation SetUserPicture($input: SetUserPictureInput!) { setUserPicture(input: $input) { success reason } }',
    pull: ['users'],
    upload: true,
  },
  participantAddDocument: {
    field: 'participantAddDocument',
    query: 'mutation ParticipantAddDocument($input: ParticipantAddDocumentInput!) { participantAddDocument(input: $input) { success reason } }',
    pull: ['files'],
    upload: true,
  },
} as const satisfies Record<string, PortalOpDef>;

export type PortalOp = keyof typeof PORTAL_OPS;
