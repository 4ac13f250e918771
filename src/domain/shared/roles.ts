/** Acl role ids as the spec fixes them (01 §6, 02 §6). */
export const Role = {
  superAdministrator: 1,
  participant: 2,
  manager: 3,
  coach: 4,
  administrator: 7,
  developer: 10,
  chronos: 11,
  platformUser: 12,
} as const;

export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

export const roleNames = Object.keys(Role) as RoleName[];

export function roleName(id: number): RoleName | undefined {
  return roleNames.find((name) => Role[name] === id);
}

/** Staff are all users that are not participants. */
export function isStaffRole(id: number): boolean {
  return id !== Role.participant;
}

/** Roles that administer a whole company (or more). */
export function isAdminRole(id: number): boolean {
  return id === Role.superAdministrator || id === Role.administrator || id === Role.developer;
}
