import { useEffect, useState } from 'react';
import { listName, statusNameOf, userName } from './participant-row';
import type { ParticipantsResult } from './use-replica-participants';

interface Answer {
  data?: {
    participants: {
      totalItems: number;
      records: {
        uuid: string;
        firstname: string;
        prefix: string | null;
        lastname: string;
        display: number | null;
        status: { id: string | number } | null;
        coach: { givenName: string | null; surname: string | null } | null;
      }[];
    };
  };
}

const QUERY = `query ParticipantsList($search: String, $perPage: Int) {
  participants(search: $search, perPage: $perPage, page: 1, includeHidden: true) {
    totalItems
    records { uuid firstname prefix lastname display status { id } coach { givenName surname } }
  }
}`;

/**
 * The same list asked of the server on every visit (`?source=network`): kept only so the benchmark
 * and support can compare it with the replica; screens read the replica (ARCHITECTURE.md).
 */
export function useNetworkParticipants(search: string, limit: number): ParticipantsResult | undefined | 'error' {
  const [result, setResult] = useState<ParticipantsResult | undefined | 'error'>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v2/graph', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { search: search.trim() || null, perPage: limit } }),
      signal: controller.signal,
    })
      .then((res) => res.json() as Promise<Answer>)
      .then((body) => {
        const page = body.data?.participants;
        if (!page) throw new Error('no participants in the answer');
        setResult({
          total: page.totalItems,
          rows: page.records.map((p) => ({
            uuid: p.uuid,
            name: listName(p),
            statusName: statusNameOf(p.status ? Number(p.status.id) : null),
            coachName: userName(p.coach ?? undefined),
            hidden: p.display === 2,
          })),
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult('error');
      });
    return () => controller.abort();
  }, [search, limit]);
  return result;
}
