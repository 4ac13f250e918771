/** The routes of the instrument and KWNW screens (02 §2). */
export interface InstrumentListSearch {
  q?: string;
  category?: number;
  provision?: number;
  system?: number;
  status?: number;
  page?: number;
}

const int = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : undefined;

export function parseInstrumentSearch(raw: Record<string, unknown>): InstrumentListSearch {
  const out: InstrumentListSearch = {};
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.slice(0, 200);
  for (const k of ['category', 'provision', 'system', 'status', 'page'] as const) {
    const n = int(raw[k]);
    if (n !== undefined) out[k] = n;
  }
  return out;
}

/** `?participant=<id>`: the participant a KWNW screen or a form is for. */
export function parseParticipantSearch(raw: Record<string, unknown>): { participant?: number } {
  const n = int(raw.participant);
  return n ? { participant: n } : {};
}

export function instrumentListHref(s: InstrumentListSearch): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) p.set(k, String(v));
  const qs = p.toString();
  return qs ? `/instruments?${qs}` : '/instruments';
}

export const paths = {
  list: '/instruments',
  add: '/instruments/add',
  edit: (id: number | string) => `/instruments/${id}`,
  matchCase: (caseId: number) => `/instruments/match/case/${caseId}`,
  kwnw: '/kwnw',
  kwnwStatus: (participantId?: number) => (participantId ? `/kwnw/status/${participantId}` : '/kwnw/status'),
  kwnwPlan: (participantId?: number) => (participantId ? `/kwnw/plan/${participantId}` : '/kwnw/plan'),
  kwnwWorkPlanAdd: (participantId: number) => `/kwnw/work-plan/add?participant=${participantId}`,
  kwnwWorkPlan: (id: number | string) => `/kwnw/work-plan/${id}`,
  kwnwMatch: (participantId?: number) => (participantId ? `/kwnw/instruments/match?participant=${participantId}` : '/kwnw/instruments/match'),
};
