import { apiFetch, graphMutation, graphRequest, GRAPH_ENDPOINT, type MutationResult } from '../../lib/api/client';

/** Company settings writes and the server-only lists (certificates and adapters are not replicated). */
export const setCompanySettings = (settings: Record<string, unknown>) =>
  graphMutation('setCompanySettings', 'mutation($s: JSON!) { setCompanySettings(settings: $s) { success reason params } }', { s: settings });
export const setCompanyBranding = (branding: Record<string, string>) =>
  graphMutation('setCompanyBranding', 'mutation($b: JSON!) { setCompanyBranding(branding: $b) { success reason params } }', { b: branding });
export const deleteCompanyLogo = () => graphMutation('deleteCompanyLogo', 'mutation { deleteCompanyLogo { success reason params } }', {});
export const setPlacementSettings = (settings: unknown) =>
  graphMutation('setPlacementSettings', 'mutation($s: JSON!) { setPlacementSettings(settings: $s) { success reason params } }', { s: settings });
export const setSrgTerminationReasons = (settings: unknown) =>
  graphMutation('setSrgTerminationReasons', 'mutation($s: JSON!) { setSrgTerminationReasons(settings: $s) { success reason params } }', { s: settings });

/** Multipart graph request with the logo as the file part (01 §7). */
export async function uploadCompanyLogo(file: File): Promise<MutationResult> {
  const form = new FormData();
  form.set('query', 'mutation { uploadCompanyLogo { success reason params } }');
  form.set('file', file);
  const response = await apiFetch(GRAPH_ENDPOINT, { method: 'POST', body: form });
  const body = (await response.json()) as { data?: { uploadCompanyLogo?: MutationResult } };
  return body.data?.uploadCompanyLogo ?? { success: false, reason: null };
}

export interface Certificate {
  id: string;
  label: string;
  serial: string;
  issuer: string;
  subject: string;
  validFrom: string;
  validTo: string;
  state: 'valid' | 'expiring' | 'expired' | 'notYetValid';
}
export async function fetchCertificates(): Promise<Certificate[]> {
  const data = await graphRequest<{ companyServerCertificates: Certificate[] }>('{ companyServerCertificates { id label serial issuer subject validFrom validTo state } }');
  return data.companyServerCertificates;
}
export async function addCertificate(label: string, pem: string): Promise<MutationResult> {
  const data = await graphRequest<{ addCompanyServerCertificate: MutationResult }>(
    'mutation($l: String!, $p: String!) { addCompanyServerCertificate(label: $l, pem: $p) { success reason params id } }',
    { l: label, p: pem },
  );
  return data.addCompanyServerCertificate;
}
export const deleteCertificate = (id: string) =>
  graphMutation('deleteCompanyServerCertificate', 'mutation($id: ID!) { deleteCompanyServerCertificate(id: $id) { success reason params } }', { id });

export interface Adapter {
  uuid: string;
  adapter: { id: string; label: string };
  label: string;
  settings: Record<string, unknown>;
  notes: string | null;
}
export async function fetchAdapters(): Promise<{ catalogue: { id: string; label: string }[]; adapters: Adapter[] }> {
  const data = await graphRequest<{ authenticationAdapters: { id: string; label: string }[]; companyAuthenticationAdapters: Adapter[] }>(
    '{ authenticationAdapters { id label } companyAuthenticationAdapters { uuid adapter { id label } label settings notes } }',
  );
  return { catalogue: data.authenticationAdapters, adapters: data.companyAuthenticationAdapters };
}
export interface AdapterInput {
  uuid?: string;
  adapter: string;
  label: string;
  settings: string;
  notes?: string;
}
export const saveAdapter = (input: AdapterInput) =>
  input.uuid
    ? graphMutation('updateCompanyAuthenticationAdapter', 'mutation($i: CompanyAuthenticationAdapterInput!) { updateCompanyAuthenticationAdapter(input: $i) { success reason params } }', { i: input })
    : graphMutation('addCompanyAuthenticationAdapter', 'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason params } }', { i: input });
export const deleteAdapter = (uuid: string) =>
  graphMutation('deleteCompanyAuthenticationAdapter', 'mutation($u: String!) { deleteCompanyAuthenticationAdapter(uuid: $u) { success reason params } }', { u: uuid });
