/** The addresses of the work-plan screens (staff and both participant portals). */
export const staffPaths = {
  list: '/work-plan',
  add: '/work-plan/add',
  review: '/work-plan/review',
  plan: (id: string | number) => `/work-plan/${id}`,
  end: (id: string | number) => `/work-plan/${id}/end`,
};

export interface PortalPaths {
  list: (status?: string) => string;
  plan: (id: string | number) => string;
}

export const newerPortal = (base: '/my-work-plans' | '/participant-portal/my-work-plans'): PortalPaths => ({
  list: (status) => (status ? `${base}/${status}` : base),
  plan: (id) => `${base}/work-plan/${id}`,
});

/** The standard portal: current, start (tab/1) and finished (tab/2). */
export const standardPortal: PortalPaths = {
  list: (status) => (status === 'unstarted' ? '/deelnemerportal/werkplan/index/tab/1' : status === 'finished' ? '/deelnemerportal/werkplan/index/tab/2' : '/deelnemerportal/werkplan'),
  plan: (id) => `/deelnemerportal/werkplan?plan=${id}`,
};
