/**
 * Caseload transfer writes (02 §1, §7): batch changes of coach or manager. They name no single
 * document (many participants and plans change at once): queued offline like every write, shown by
 * the pull once the server ran them in one transaction. Effects: server/graph/types/caseload-writes.ts.
 */
import { defineWrite } from '../writes/define';
import { ReplaceCaseloadManagerSchema, ReplaceCoachSchema, ReplaceManagerSchema } from './inputs';

export const caseloadWrites = {
  replaceCoach: defineWrite({ mutation: 'replaceCoach', input: ReplaceCoachSchema }),
  replaceManager: defineWrite({ mutation: 'replaceManager', input: ReplaceManagerSchema }),
  replaceCaseloadManager: defineWrite({ mutation: 'replaceCaseloadManager', input: ReplaceCaseloadManagerSchema }),
};
