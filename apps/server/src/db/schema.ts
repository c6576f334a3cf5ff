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
  address: string | null;
  iva_condition: Generated<string>;
  gross_income: string | null;
  activity_start: string | null;
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
  /** null: the company's default price list. */
  price_list_id: Generated<number | null>;
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
  /** The ERP's code for this user as a driver or rep (`recorridos`), unique within the company. */
  erp_code: Generated<string | null>;
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
  /** The pair this token's rotation answered, sealed with a key derived from this token (grace window). */
  successor_sealed: string | null;
}

export interface LoginThrottlesTable {
  key: string;
  failures: number;
  first_failure_at: Timestamp;
  last_failure_at: Timestamp;
  blocked_until: Timestamp | null;
}

export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_login_at: Timestamp;
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
  /** The ERP's code of the card (`novedades`); null for the portal's own. */
  code: Generated<number | null>;
}

export interface GrainsTable {
  code: string;
  name: string;
}

/** Money is numeric: it reads back as a decimal string, never a float. */
type Numeric = ColumnType<string, string | number, string | number>;
/** A numeric column with a default. */
type NumericDefault = ColumnType<string, string | number | undefined, string | number>;

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
  time: string | null;
  /** AFIP voucher type (1 Factura A, 6 Factura B, 3 Nota de crédito A…); null for non-fiscal documents. */
  afip_type: number | null;
  net_amount: Numeric | null;
  vat21: Numeric | null;
  vat105: Numeric | null;
  other_taxes: Numeric | null;
  cae: string | null;
  cae_due: string | null;
  printable: Generated<boolean>;
  origin_type: string | null;
  origin_number: number | null;
  /** Point of sale of the origin document (the order's, or the invoice's for a receipt or credit note). */
  origin_series: number | null;
  sale_condition: string | null;
  /** account_types.code (1 Cuenta corriente, 2 Cuenta canje in the demo). */
  account_type: Generated<number>;
}

/**
 * Monthly checkpoints of the current account, kept by triggers on account_movements (migration
 * 20261126_1000_statement_checkpoints): the sum and count of the movements of one company, entity, currency and
 * account type whose ordering date ('c' the voucher date, 'f' the due date or else the voucher date) is in `month`.
 */
export interface StatementCheckpointsTable {
  company_id: number;
  entity_id: number;
  currency: 'ARS' | 'USD';
  basis: 'c' | 'f';
  /** First day of the month. */
  month: string;
  account_type: number;
  total: Numeric;
  movements: number;
  /** Of `movements`, those with a negative amount (credits) and a positive one (debits). */
  credits: number;
  debits: number;
}

/**
 * A version per company and entity of its movements (entity 0: the company's account types; company 0 entity 0: a
 * truncate), bumped by triggers on every write (migration 20261127_1000_statement_versions).
 */
export interface StatementVersionsTable {
  company_id: number;
  entity_id: number;
  version: string;
}

/** The accounts a customer's movements are kept in (tipodectasctes); `exchange` ones are settled with grain (canje). */
export interface AccountTypesTable {
  company_id: number;
  code: number;
  short_code: string;
  name: string;
  exchange: Generated<boolean>;
}

export interface SalesOrdersTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  number: number;
  ordered_on: string;
  status: 'pending' | 'approved' | 'applied' | 'cancelled';
  currency: Generated<string>;
  total: Numeric;
  applied_amount: Generated<string>;
  detail: string | null;
  seller_id: number | null;
  cart_id: number | null;
  user_id: number | null;
  series: Generated<number>;
  channel: Generated<'web' | 'seller' | 'counter'>;
  destination_id: number | null;
  origin_id: number | null;
  operation_type_id: number | null;
  delivery_date: string | null;
  approved_at: Timestamp | null;
  approved_by: number | null;
  applied_at: Timestamp | null;
  applied_by: number | null;
  invoice_movement_id: string | null;
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
  /** The voucher's point of sale (codtal) and number, printed '00004-00435878' (migration 20261202_1000). */
  series: number;
  number: number;
  /** A settlement that has been paid (migration 20261124_1500_contracts). */
  collected: Generated<boolean>;
}

export interface GrainContractsTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  grain: string;
  harvest: string;
  series: number;
  number: number;
  date: string;
  pricing: 'hecho' | 'fijar';
  kilos: Numeric;
  price: Numeric | null;
  currency: Generated<'ARS' | 'USD'>;
  delivery_from: string | null;
  delivery_to: string | null;
  destination: string | null;
  broker_slip: string | null;
  printable: Generated<boolean>;
}

export interface ProductDeliveriesTable {
  id: Generated<string>;
  company_id: number;
  entity_id: number;
  movement_id: string;
  line_no: number;
  deposit_id: number;
  date: string;
  series: number;
  number: number;
  quantity: Numeric;
}

export interface GrainContractApplicationsTable {
  id: Generated<string>;
  company_id: number;
  contract_id: number;
  movement_id: string;
  kilos: Numeric;
}

export interface GrainContractFixingsTable {
  id: Generated<number>;
  company_id: number;
  contract_id: number;
  date: string;
  kilos: Numeric;
  price: Numeric;
}

export interface FieldCustomersTable {
  company_id: number;
  user_id: number;
  entity_id: number;
  address: string | null;
  document: string | null;
  created_by_rep: Generated<boolean>;
  idempotency_key: string | null;
  created_at: Generated<Date>;
}
export interface RouteStopsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  entity_id: number;
  /** 1 = lunes … 7 = domingo. */
  weekday: number;
  shift: 'mañana' | 'tarde';
  hour: string | null;
  note: string | null;
  /** The stop's place in the day's plan as the ERP orders it (null: not ordered; after the ordered ones). */
  position: Generated<number | null>;
}
export interface FieldVisitsTable {
  company_id: number;
  user_id: number;
  entity_id: number;
  visit_date: ColumnType<string, string, string>;
  state: 'normal' | 'pendiente' | 'no_fuimos';
  updated_at: Generated<Date>;
}
export interface FieldSalesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  entity_id: number;
  sale_date: ColumnType<string, string, string>;
  operation_type_id: number | null;
  total: Numeric;
  idempotency_key: string;
  created_at: Generated<Date>;
  deleted_at: Date | null;
}
export interface FieldSaleLinesTable {
  sale_id: number;
  line_no: number;
  company_id: number;
  product_id: number;
  quantity: Numeric;
  unit_price: Numeric;
  amount: Numeric;
}
/** A deletion done with an Idempotency-Key (migration 20261125_1300_field_delete_keys): a replay changes nothing. */
export interface FieldSaleDeletionsTable {
  company_id: number;
  user_id: number;
  idempotency_key: string;
  entity_id: number;
  sale_date: ColumnType<string, string, string>;
  deleted: number;
  created_at: Generated<Date>;
}
export interface FieldContainerChangesTable {
  company_id: number;
  user_id: number;
  idempotency_key: string;
  entity_id: number;
  visit_date: ColumnType<string, string, string>;
  saved: number;
  created_at: Generated<Date>;
}
export interface FieldContainersTable {
  company_id: number;
  user_id: number;
  entity_id: number;
  visit_date: ColumnType<string, string, string>;
  product_id: number;
  quantity: Numeric;
}

// ── Receipts and voucher authorization (migration 20261124_1200_receipts) ───────────────────────────────────

export interface PaymentMethodsTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export type PaymentFieldOption = { id: string; descripcion: string };

export interface PaymentMethodFieldsTable {
  id: Generated<number>;
  company_id: number;
  method_id: number;
  field_key: string;
  id_ep: string | null;
  label: string;
  type: 'input' | 'select' | 'date' | 'checkbox';
  input_type: Generated<'text' | 'number' | 'file' | 'cuit'>;
  suma: Generated<boolean>;
  required: Generated<boolean>;
  required_file: Generated<boolean>;
  placeholder: string | null;
  options: Json<PaymentFieldOption[]> | null;
  default_value: string | null;
  sort_order: Generated<number>;
}

export interface ReceiptsTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  series: Generated<number>;
  number: number;
  date: string;
  status: 'pending' | 'approved' | 'rejected';
  total_selected: Numeric;
  total_collected: Numeric;
  observations: string | null;
  user_id: number | null;
  idempotency_key: string | null;
  movement_id: string | null;
  created_at: Generated<Timestamp>;
  approved_at: Timestamp | null;
  approved_by: number | null;
  rejected_at: Timestamp | null;
  rejected_by: number | null;
  rejection_reason: string | null;
  /** The Idempotency-Key of the request that approved or rejected it (a retry of it answers as the first time). */
  decision_key: Generated<string | null>;
}

export interface ReceiptApplicationsTable {
  id: Generated<string>;
  company_id: number;
  receipt_id: number;
  movement_id: string | number;
  amount: Numeric;
}

export type ReceiptFieldValue = { id: string; label: string; value: string };

export interface ReceiptPaymentsTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  line_no: number;
  method_id: number;
  amount: Numeric;
  fields: Json<ReceiptFieldValue[]>;
}

export interface ReceiptAttachmentsTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  payment_line_no: number;
  field_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** The file's address in the attachment storage (lib/file-storage.ts, area 'adjuntos'). */
  storage_dir: string;
  storage_name: string;
}

/** Files shared by every server process (lib/file-storage.ts): receipt attachments and generated documents. */
export interface StoredFilesTable {
  area: 'adjuntos' | 'temporales';
  directorio: string;
  name: string;
  size: number;
  content: Uint8Array;
  created_at: CreatedAt;
}

export interface StockVouchersTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  seller_id: number | null;
  zone_id: number | null;
  date: string;
  voucher_code: string;
  voucher_name: string;
  series: number;
  number: number;
  order_number: number | null;
  detail: string | null;
  created_by: string;
  amount: Numeric;
  status: Generated<'pending' | 'authorized' | 'rejected'>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  reason: string | null;
  /** The Idempotency-Key of the request that decided it. */
  decision_key: Generated<string | null>;
}

export interface StockVoucherLinesTable {
  id: Generated<number>;
  voucher_id: number;
  line_no: number;
  description: string;
  quantity: Numeric;
  amount: Numeric;
}

export interface IntegrationKeysTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  write_kinds: ColumnType<string[], string[] | undefined, string[]>;
  read_kinds: ColumnType<string[], string[] | undefined, string[]>;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

export interface IntegrationBatchesTable {
  id: Generated<string>;
  company_id: number;
  /** The key that sent it; null for a spreadsheet an administrator applied (user_id, file_name). */
  key_id: number | null;
  user_id: number | null;
  file_name: string | null;
  kind: string;
  operation: string;
  status: string;
  received: Generated<number>;
  accepted: Generated<number>;
  unchanged: Generated<number>;
  rejected: Generated<number>;
  error: string | null;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** One change the ERP reads from the feed (modules/integration/events.ts); `position` is set by the sequencer. */
export interface IntegrationEventsTable {
  id: Generated<string>;
  company_id: number;
  kind: string;
  occurred_at: CreatedAt;
  actor_user_id: number | null;
  actor_name: string | null;
  subject: string;
  payload: Json<Record<string, unknown>>;
  position: ColumnType<string | null, never, string | number | null>;
}

/** The ERP's answer to an event (POST …/eventos/{id}/resultado), once per event. */
export interface IntegrationEventResultsTable {
  event_id: string;
  company_id: number;
  key_id: number;
  result: 'aceptado' | 'rechazado' | 'aplicado';
  erp_number: string | null;
  reason: string | null;
  received_at: CreatedAt;
}

/** The ERP's answer as a document keeps it (sales and purchase orders, receipts); null until the ERP answers. */
type ErpAnswerColumns = {
  erp_status: ColumnType<'aceptado' | 'rechazado' | 'aplicado' | null, never, 'aceptado' | 'rechazado' | 'aplicado' | null>;
  erp_number: ColumnType<string | null, never, string | null>;
  erp_reason: ColumnType<string | null, never, string | null>;
  erp_at: ColumnType<Date | null, never, Date | string | null>;
};

/** A key's webhook (modules/integration/webhooks.ts): where its events are POSTed and the secret that signs them. */
export interface IntegrationWebhooksTable {
  key_id: number;
  company_id: number;
  url: string;
  secret: string;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  secret_at: Timestamp;
}

/** One event to send to one key's webhook, with its attempts (modules/integration/deliveries.ts). */
export interface IntegrationWebhookDeliveriesTable {
  id: Generated<string>;
  key_id: number;
  event_id: string;
  company_id: number;
  subject: string;
  status: ColumnType<'pendiente' | 'fallando' | 'entregado' | 'agotado', 'pendiente' | undefined, 'pendiente' | 'fallando' | 'entregado' | 'agotado'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  first_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  lease_token: string | null;
  lease_until: Timestamp | null;
  created_at: CreatedAt;
}

export interface IntegrationEventSequencerTable {
  id: number;
  last_position: ColumnType<string, string | number, string | number>;
}

export interface Database {
  payment_methods: PaymentMethodsTable;
  payment_method_fields: PaymentMethodFieldsTable;
  receipts: ReceiptsTable & ErpAnswerColumns;
  receipt_applications: ReceiptApplicationsTable;
  receipt_payments: ReceiptPaymentsTable;
  receipt_attachments: ReceiptAttachmentsTable;
  stored_files: StoredFilesTable;
  stock_vouchers: StockVouchersTable;
  stock_voucher_lines: StockVoucherLinesTable;
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
  login_throttles: LoginThrottlesTable;
  known_devices: KnownDevicesTable;
  audit_log: AuditLogTable;
  integration_keys: IntegrationKeysTable;
  integration_batches: IntegrationBatchesTable;
  integration_events: IntegrationEventsTable;
  integration_event_sequencer: IntegrationEventSequencerTable;
  integration_event_results: IntegrationEventResultsTable;
  integration_webhooks: IntegrationWebhooksTable;
  integration_webhook_deliveries: IntegrationWebhookDeliveriesTable;
  server_settings: ServerSettingsTable;
  zones: ZonesTable;
  sellers: SellersTable;
  company_modules: CompanyModulesTable;
  user_modules: UserModulesTable;
  company_parameters: CompanyParametersTable;
  dashboard_items: DashboardItemsTable;
  grains: GrainsTable;
  account_movements: AccountMovementsTable;
  account_types: AccountTypesTable;
  statement_checkpoints: StatementCheckpointsTable;
  statement_versions: StatementVersionsTable;
  sales_orders: SalesOrdersTable & ErpAnswerColumns;
  grain_movements: GrainMovementsTable;
  grain_contracts: GrainContractsTable;
  grain_contract_fixings: GrainContractFixingsTable;
  grain_contract_applications: GrainContractApplicationsTable;
  product_deliveries: ProductDeliveriesTable;
  product_facets: ProductFacetsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  price_lists: PriceListsTable;
  price_list_items: PriceListItemsTable;
  product_visits: ProductVisitsTable;
  delivery_destinations: DeliveryDestinationsTable;
  order_origins: OrderOriginsTable;
  operation_types: OperationTypesTable;
  payment_conditions: PaymentConditionsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  sales_order_lines: SalesOrderLinesTable;
  purchase_orders: PurchaseOrdersTable & ErpAnswerColumns;
  purchase_order_lines: PurchaseOrderLinesTable;
  voucher_lines: VoucherLinesTable;
  deposits: DepositsTable;
  user_deposits: UserDepositsTable;
  stock_levels: StockLevelsTable;
  stock_movements: StockMovementsTable;
  product_barcodes: ProductBarcodesTable;
  order_pickings: OrderPickingsTable;
  field_customers: FieldCustomersTable;
  route_stops: RouteStopsTable;
  field_visits: FieldVisitsTable;
  field_sales: FieldSalesTable;
  field_sale_lines: FieldSaleLinesTable;
  field_containers: FieldContainersTable;
  field_sale_deletions: FieldSaleDeletionsTable;
  field_container_changes: FieldContainerChangesTable;
}

export const FACET_KINDS = ['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

export interface ProductFacetsTable {
  id: Generated<number>;
  company_id: number;
  kind: FacetKind;
  code: number;
  name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  alpha_code: string;
  name: string;
  description: string | null;
  /** "Bolsa x 40 kg": the unit a customer orders in. */
  sales_unit: string;
  /** "kg": the unit of measure of the content. */
  unit: string;
  /** Units of measure per sales unit (40 for a 40 kg bag); 1 shows no package quantity. */
  sales_factor: NumericDefault;
  business_unit_id: number | null;
  family_id: number | null;
  subfamily_id: number | null;
  presentation_id: number | null;
  category_id: number | null;
  subcategory_id: number | null;
  line_id: number | null;
  brand_id: number | null;
  is_new: Generated<boolean>;
  is_promotion: Generated<boolean>;
  /** File names of product_images, first is the main one. */
  images: Json<string[]>;
  stock: Numeric | null;
  location: string | null;
  delivery_days: Generated<number>;
  barcode: string | null;
  active: Generated<boolean>;
  search_text: ColumnType<string, never, never>;
  /** Ids of the price lists that price it, kept by triggers on price_list_items (migration 20261125_1400). */
  price_lists: ColumnType<number[], never, never>;
  /** A returnable container (envase): listed by GET /products/envase, loaded on the Envases screen. */
  is_container: Generated<boolean>;
}

export interface ProductImagesTable {
  company_id: number;
  file_name: string;
  content_type: string;
  data: Buffer;
  updated_at: Generated<Date>;
}

export interface PriceListsTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
  is_default: Generated<boolean>;
}

export interface PriceListItemsTable {
  price_list_id: number;
  product_id: number;
  company_id: number;
  currency: Generated<'ARS' | 'USD'>;
  list_price: Numeric;
  discount1: NumericDefault;
  discount2: NumericDefault;
  min_price: Numeric;
  max_price: Numeric;
}

export interface ProductVisitsTable {
  company_id: number;
  entity_id: number;
  user_id: number;
  product_id: number;
  visited_at: Timestamp;
}

export interface DeliveryDestinationsTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  code: number;
  description: string;
  locality: string | null;
}

export interface OrderOriginsTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  description: string;
  locality: string | null;
}

export interface OperationTypesTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  description: string;
}

export interface PaymentConditionsTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  description: string;
  days: Generated<number>;
}

export interface CartsTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  user_id: number;
  kind: 'sales' | 'purchase';
  status: Generated<'open' | 'confirmed'>;
  destination_id: number | null;
  origin_id: number | null;
  operation_type_id: number | null;
  payment_condition_id: number | null;
  with_tax: Generated<boolean>;
  delivery_date: string | null;
  detail: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  confirmed_at: Timestamp | null;
}

export interface CartLinesTable {
  id: Generated<number>;
  cart_id: number;
  company_id: number;
  product_id: number;
  quantity: Numeric;
  /** The unit price the customer proposes; null = the price list's final price. */
  price: Numeric | null;
  price_alert: Generated<boolean>;
  added_at: CreatedAt;
}

export interface SalesOrderLinesTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  line_no: number;
  product_id: number;
  quantity: Numeric;
  list_price: Numeric;
  discount1: NumericDefault;
  discount2: NumericDefault;
  final_price: Numeric;
  amount: Numeric;
  price_alert: Generated<boolean>;
}

export interface PurchaseOrdersTable {
  id: Generated<number>;
  company_id: number;
  entity_id: number;
  user_id: number | null;
  cart_id: number | null;
  series: Generated<number>;
  number: number;
  ordered_on: string;
  status: 'pending' | 'approved' | 'applied';
  currency: Generated<string>;
  total: Numeric;
  applied_amount: NumericDefault;
  payment_condition_id: number | null;
  with_tax: Generated<boolean>;
  delivery_date: string | null;
  detail: string | null;
  approved_at: Timestamp | null;
  applied_at: Timestamp | null;
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  line_no: number;
  product_id: number;
  quantity: Numeric;
  price: Numeric;
  amount: Numeric;
}

export interface VoucherLinesTable {
  id: Generated<string>;
  company_id: number;
  movement_id: string;
  line_no: number;
  /** 'applied': a document a receipt or settlement is applied to, or 'Pago a cuenta' (migration 20261202_1100). */
  kind: 'product' | 'other' | 'applied';
  product_code: string | null;
  description: string;
  quantity: Numeric | null;
  unit: string | null;
  unit_price: Numeric | null;
  discount: Numeric | null;
  amount: Numeric;
  /** The deposit an invoiced product is withdrawn from (migration 20261124_1600_stock_positions). */
  deposit_id: number | null;
}

export interface DepositsTable {
  id: Generated<number>;
  company_id: number;
  code: number;
  name: string;
  is_default: Generated<boolean>;
}

export interface UserDepositsTable {
  company_id: number;
  user_id: number;
  deposit_id: number;
}

export interface StockLevelsTable {
  company_id: number;
  deposit_id: number;
  product_id: number;
  quantity: NumericDefault;
  counted_at: Timestamp | null;
  counted_by: number | null;
}

export interface StockMovementsTable {
  id: Generated<string>;
  company_id: number;
  deposit_id: number;
  product_id: number;
  user_id: number | null;
  kind: 'adjustment' | 'confirmation' | 'picking';
  quantity_before: Numeric;
  quantity_after: Numeric;
  order_id: number | null;
  created_at: Generated<Timestamp>;
}

export interface ProductBarcodesTable {
  company_id: number;
  barcode: string;
  product_id: number;
  symbology: 'ean13' | 'ean8' | 'code128';
}

export interface OrderPickingsTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  user_id: number | null;
  deposit_id: number | null;
  outcome: 'picked' | 'cancelled';
  reason: number | null;
  lines: unknown;
  created_at: Generated<Timestamp>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
export type Entity = Selectable<EntitiesTable>;
export type Membership = Selectable<MembershipsTable>;
