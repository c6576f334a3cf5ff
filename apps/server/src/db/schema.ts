import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export type Branding = {
  title: string;
  shortName: string;
  logoSvg: string;
  colors: { primary: string; secondary: string; header: string; headerText: string };
  news: { id: string; title: string; body: string } | null;
};

export interface CompaniesTable {
  id: Generated<number>;
  cuit: string;
  code: number;
  name: string;
  active: Generated<boolean>;
  branding: Json<Branding>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  phone: string | null;
  cuit: string | null;
  change_password: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** An administrator's chosen entity to act as (PATCH /proxy/usuarios/{username}). */
  entity_acting_as: number | null;
}

export interface ProfilesTable {
  id: number;
  name: string;
  cgi: string;
}

export interface ModulesTable {
  id: string;
  parent_id: string | null;
  name: string;
  icon: string;
  link: string | null;
  profile_ids: number[];
  sort_order: number;
  desktop_only: boolean;
}

export interface EntitiesTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
  description: string | null;
  cuit: string;
  seller_id: number | null;
  active: Generated<boolean>;
  phone: string | null;
  email: string | null;
  locality: string | null;
  province: string | null;
}

export interface MembershipsTable {
  user_id: number;
  company_id: number;
  is_admin: Generated<boolean>;
  suspended: Generated<boolean>;
  desktop: Generated<boolean>;
  mobile: Generated<boolean>;
  group_accounts: Generated<boolean>;
  hidden_currencies: Json<string[]>;
  default_profile_id: number;
  created_at: CreatedAt;
}

export interface MembershipProfilesTable {
  user_id: number;
  company_id: number;
  profile_id: number;
}

export interface UserEntitiesTable {
  user_id: number;
  company_id: number;
  entity_id: number;
}

export interface ActiveSessionsTable {
  user_id: number;
  company_id: number;
  created_at: CreatedAt;
}

export interface TokenFamiliesTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PendingRegistrationsTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  cuit: string;
  phone: string;
  password_hash: string;
  code_hash: string;
  code_expires_at: Timestamp;
  attempts: Generated<number>;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface AuditLogTable {
  id: Generated<string>;
  company_id: number | null;
  user_id: number | null;
  action: string;
  detail: Json<Record<string, unknown>>;
  ip: string | null;
  created_at: CreatedAt;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface ZonesTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
}

export interface SellersTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
  zone_id: number | null;
  user_id: number | null;
}

export interface ModuleConfigColumns {
  module_id: string;
  mobile: boolean;
  desktop: boolean;
  date_from: string | null;
  date_to: string | null;
}

export interface CompanyModulesTable extends ModuleConfigColumns {
  company_id: number;
}

export interface UserModulesTable extends ModuleConfigColumns {
  user_id: number;
  company_id: number;
}

export interface CompanyParametersTable {
  company_id: number;
  key: string;
  value: string;
}

export interface DashboardItemsTable {
  id: Generated<number>;
  company_id: number;
  profile_id: number;
  kind: 'text' | 'html' | 'banner';
  title: string;
  body: string;
  image_url: string | null;
  link: string | null;
  link_text: string | null;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export interface GrainsTable {
  code: string;
  name: string;
}

/** Money is numeric: it reads back as a decimal string, never a float. */
type Numeric = ColumnType<string, string | number, string | number>;

export interface AccountMovementsTable {
  id: Generated<string>;
  company_id: number;
  entity_id: number;
  date: string;
  voucher_code: string;
  voucher_name: string;
  series: number;
  number: number;
  letter: string | null;
  detail: string | null;
  currency: 'ARS' | 'USD';
  amount: Numeric;
  due_date: string | null;
  settled: Generated<boolean>;
}

export interface SalesOrdersTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  number: number;
  ordered_on: string;
  status: 'pending' | 'approved' | 'applied';
  currency: Generated<string>;
  total: Numeric;
  applied_amount: Generated<string>;
  detail: string | null;
  seller_id: number | null;
}

export interface GrainMovementsTable {
  id: Generated<string>;
  company_id: number;
  entity_id: number;
  grain: string;
  harvest: string;
  date: string;
  kind: number;
  kilos: Numeric;
  direct: Generated<boolean>;
  voucher: string | null;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  profiles: ProfilesTable;
  modules: ModulesTable;
  entities: EntitiesTable;
  memberships: MembershipsTable;
  membership_profiles: MembershipProfilesTable;
  user_entities: UserEntitiesTable;
  active_sessions: ActiveSessionsTable;
  token_families: TokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  pending_registrations: PendingRegistrationsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  server_settings: ServerSettingsTable;
  zones: ZonesTable;
  sellers: SellersTable;
  company_modules: CompanyModulesTable;
  user_modules: UserModulesTable;
  company_parameters: CompanyParametersTable;
  dashboard_items: DashboardItemsTable;
  grains: GrainsTable;
  account_movements: AccountMovementsTable;
  sales_orders: SalesOrdersTable;
  grain_movements: GrainMovementsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
export type Entity = Selectable<EntitiesTable>;
export type Membership = Selectable<MembershipsTable>;
