import type { PortalKind } from '../../domain/navigation/portal';

/** Where the portal's pages live in each version (01 §2): the newer /participant-portal prefix, or the Dutch paths. */
export interface PortalPaths {
  home: string;
  profile: string;
  settings: string;
  preferences: string;
  documents: string;
  workplaces: string;
  workPlans: string;
  messages: string;
  development: string;
  results: string;
}

export function portalPaths(kind: PortalKind): PortalPaths {
  if (kind === 'newer') {
    return {
      home: '/participant-portal',
      profile: '/participant-portal/my-profile',
      settings: '/participant-portal/my-settings',
      preferences: '/participant-portal/my-communication-preferences',
      documents: '/participant-portal/my-documents',
      workplaces: '/participant-portal/workplaces',
      workPlans: '/participant-portal/my-work-plans',
      messages: '/participant-portal/my-messages',
      development: '/participant-portal/development-profile',
      results: '/participant-portal/my-results/personal-development',
    };
  }
  return {
    home: '/deelnemerportal',
    profile: '/my-profile',
    settings: '/my-settings',
    preferences: '/my-communication-preferences',
    documents: '/deelnemerportal/document',
    workplaces: '/deelnemerportal/vacature',
    workPlans: '/deelnemerportal/werkplan',
    messages: '/berichten',
    development: '/development-profile',
    results: '/deelnemerportal/resultaten',
  };
}
