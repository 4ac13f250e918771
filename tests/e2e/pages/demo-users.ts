/** Demo data of server/db/seed.ts the sign-in tests rely on. */
export const DEMO_PASSWORD = 'Demo-Wachtwoord-2026!';

export const STAFF_HOME = '/';
export const NEWER_PORTAL_HOME = '/participant-portal';
export const STANDARD_PORTAL_HOME = '/deelnemerportal';
export const REGISTRATION_HOME = '/inschrijven/home';

/** Each demo login, its given name and where signing in lands. */
export const DEMO_HOMES = [
  { username: 'admin', givenName: 'Femke', home: STAFF_HOME },
  { username: 'manager', givenName: 'Marieke', home: STAFF_HOME },
  { username: 'coach', givenName: 'Sanne', home: STAFF_HOME },
  { username: 'expert', givenName: 'Thomas', home: STAFF_HOME },
  { username: 'admin2', givenName: 'Erik', home: STAFF_HOME },
  // Demo Werkbedrijf uses the newer portal (development_companies); the second organisation the standard one.
  { username: 'participant', givenName: 'Lotte', home: NEWER_PORTAL_HOME },
  { username: 'participant2', givenName: null, home: STANDARD_PORTAL_HOME },
  // Participant status 15 (Registration): confined to the registration area.
  { username: 'aanmelder', givenName: null, home: REGISTRATION_HOME },
] as const;
