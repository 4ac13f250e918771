import { useReplicaQuery } from '../../lib/replica/hooks';
import type { WorkPlanSettingFlag } from '../../domain/work-plan/constants';

export interface CompanyWorkPlanSettings {
  srgEnabled: boolean;
  flags: Record<WorkPlanSettingFlag, boolean>;
}

/** srgEnabled and workPlanSettings of the viewer's company, from the replica. */
export function useCompanySettings(): CompanyWorkPlanSettings | undefined {
  return useReplicaQuery(async (r) => {
    const company = (await r.docs('companies').toArray()).find((c) => !c._deleted);
    const s = (company?.settings ?? {}) as Record<string, unknown>;
    const wp = (s.workPlanSettings ?? {}) as Record<string, unknown>;
    return {
      srgEnabled: s.srgEnabled === true,
      flags: { 'has-manager': wp['has-manager'] === true, 'change-resource-code': wp['change-resource-code'] === true },
    };
  }, []);
}
