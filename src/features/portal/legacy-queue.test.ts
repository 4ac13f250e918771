import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { legacyToWrite } from './legacy-queue';
import { findWrite } from '../../domain/writes/registry';

/** The former portal queue's rows become declared writes whose input fits the write's schema. */
describe('legacyToWrite', () => {
  const uuid = '018f3a2e-7b1c-7d4e-9f00-0a1b2c3d4e5f';
  const rows = [
    { id: '1', op: 'setSettings', variables: { page: 'home', widgets: ['my-tasks', 'my-profile'] } },
    { id: '2', op: 'setUserSettings', variables: { input: { theme: 'dark', notificationSetting: 'none' } } },
    { id: '3', op: 'setCommunicationPreferences', variables: { input: { preferredChannel: 'email', channels: ['email'], contactTimes: ['morning'], notes: '' } } },
    { id: '4', op: 'participantAddDocument', variables: { input: { uuid, name: 'cv.pdf' } }, file: new Blob(['%PDF']) },
    { id: '5', op: 'setUserPicture', variables: { input: { uuid, kind: 'profile' } }, file: new Blob(['png']) },
  ];

  it('maps every former operation to its declared write, with input its schema accepts', () => {
    const mapped = rows.map(legacyToWrite);
    expect(mapped.map((m) => m?.name)).toEqual(['portal.setWidgetOrder', 'portal.setDisplaySettings', 'portal.setCommunicationPreferences', 'portal.addDocument', 'portal.setPicture']);
    for (const m of mapped) expect(v.safeParse(findWrite(m!.name)!.input, m!.input).success).toBe(true);
  });

  it('an upload without its bytes, or an unknown operation, cannot be sent', () => {
    expect(legacyToWrite({ id: '6', op: 'participantAddDocument', variables: { input: { uuid, name: 'cv.pdf' } } })).toBeNull();
    expect(legacyToWrite({ id: '7', op: 'dropEverything', variables: {} })).toBeNull();
  });
});
