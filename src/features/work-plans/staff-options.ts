import type { ReplicaDocument } from '../../domain/sync/types';
import { Role } from '../../domain/shared/roles';
import { userName } from './queries';

/** Staff users (coach or manager candidates) from the replica's users, by name. */
export function staffOptions(users: readonly ReplicaDocument[] | undefined): { id: number; name: string }[] {
  return (users ?? [])
    .filter((u) => typeof u.id === 'number' && u.aclRoleId !== Role.participant && (u.aclRoleId === Role.coach || u.aclRoleId === Role.manager))
    .map((u) => ({ id: u.id as number, name: userName(u) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}
