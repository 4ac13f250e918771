/** Database rows as the graph types read them (snake_case, as node-postgres and PGlite answer). */
export interface CompanyRow {
  id: number;
  uuid: string;
  name: string;
  uri: string | null;
  settings: Record<string, unknown>;
  branding: Record<string, unknown>;
}

export interface ProjectRow {
  id: number;
  uuid: string;
  company_id: number;
  name: string;
}

export interface UserRow {
  id: number;
  uuid: string;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  username: string;
  personal_code: string | null;
  sbb_user_code: string | null;
  initials: string | null;
  given_name: string | null;
  surname: string | null;
  sex: string;
  date_of_birth: string | null;
  phone: string | null;
  email: string | null;
  access_to_all_participants: boolean;
  wage_value_expert: boolean;
  experience_coaching: string | null;
  experience_notes: string | null;
  notes: string | null;
  validated: boolean;
  display: number;
  mfa_active: boolean;
  mfa_setup: boolean;
  settings: Record<string, unknown>;
  password_validated: boolean;
}

export interface ParticipantRow {
  id: number;
  uuid: string;
  company_id: number;
  project_id: number | null;
  user_id: number | null;
  bsn: string | null;
  identification: string | null;
  personal_code: string | null;
  initials: string | null;
  firstname: string;
  prefix: string | null;
  lastname: string;
  email: string | null;
  phone: string | null;
  sex: string;
  birthdate: string | null;
  street: string | null;
  house_number: string | null;
  house_number_addition: string | null;
  zipcode: string | null;
  city: string | null;
  municipality: string | null;
  time_registered: Date;
  date_end: string | null;
  display: number;
  manager_id: number | null;
  coach_id: number | null;
  status_id: number;
  target_status_id: number | null;
  sub_status_id: number | null;
  settings: Record<string, unknown>;
}

export interface InvitationRow {
  id: number;
  uuid: string;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  username: string;
  email: string;
  given_name: string | null;
  surname: string | null;
  participant_id: number | null;
  user_id: number | null;
  invited_by_user_id: number | null;
  time_expire: Date;
  revoked: boolean;
  confirmed_at: Date | null;
  last_sent_at: Date | null;
  send_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface AclRoleRow {
  id: number;
  role: string;
  label: string;
  parent_role_id: number | null;
  selectable: boolean;
  editable: boolean;
  company_id: number | null;
}
