import type { Device } from '@portal/contract';
import type { DB } from '../db/database.js';

/** One module setting (a company_modules or user_modules row). Dates 'YYYY-MM-DD', null = no limit. */
export type ModuleSetting = { mobile: boolean; desktop: boolean; date_from: string | null; date_to: string | null };

/** Whether a setting lets the module in on this device today; no setting at all lets it in (inherit / default). */
export function allows(s: ModuleSetting | null, device: Device, today: string): boolean {
  if (!s) return true;
  if (!s[device]) return false;
  if (s.date_from && today < s.date_from) return false;
  if (s.date_to && today > s.date_to) return false;
  return true;
}

const setting = (mobile: boolean | null, desktop: boolean | null, from: string | null, to: string | null): ModuleSetting | null =>
  mobile === null || desktop === null ? null : { mobile, desktop, date_from: from, date_to: to };

/** Every module with the company's and the user's setting for it (null where there is no row). */
export async function moduleSettings(db: DB, companyId: number, userId: number): Promise<ModuleSettingsRow[]> {
  const rows = await db
    .selectFrom('modules as m')
    .leftJoin('company_modules as cm', (j) => j.onRef('cm.module_id', '=', 'm.id').on('cm.company_id', '=', companyId))
    .leftJoin('user_modules as um', (j) => j.onRef('um.module_id', '=', 'm.id').on('um.company_id', '=', companyId).on('um.user_id', '=', userId))
    .select([
      'm.id', 'm.parent_id',
      'cm.mobile as c_mobile', 'cm.desktop as c_desktop', 'cm.date_from as c_from', 'cm.date_to as c_to',
      'um.mobile as u_mobile', 'um.desktop as u_desktop', 'um.date_from as u_from', 'um.date_to as u_to',
    ])
    .execute();
  return toModuleSettings(rows);
}

/**
 * The modules this user may use in this company, on this device, today: the company's setting lets it in (a
 * company without a row for a module has it), the user's own setting lets it in (a user without a row
 * inherits the company's), and so does every ancestor's. The menu of GET /data and the API check of
 * `RouteDef.module` both come from here, so what is hidden is also refused.
 */
export async function enabledModuleIds(db: DB, scope: { companyId: number; userId: number; device: Device; today: string }): Promise<Set<string>> {
  return enabledFrom(await moduleSettings(db, scope.companyId, scope.userId), scope.device, scope.today);
}

export type ModuleSettingsRow = { id: string; parentId: string | null; company: ModuleSetting | null; user: ModuleSetting | null };

/** Raw rows of modules × company_modules × user_modules (as the access gate reads them in its own query) → settings. */
export function toModuleSettings(
  rows: ReadonlyArray<{ id: string; parent_id: string | null; c_mobile: boolean | null; c_desktop: boolean | null; c_from: string | null; c_to: string | null; u_mobile: boolean | null; u_desktop: boolean | null; u_from: string | null; u_to: string | null }>,
): ModuleSettingsRow[] {
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    company: setting(r.c_mobile, r.c_desktop, r.c_from, r.c_to),
    user: setting(r.u_mobile, r.u_desktop, r.u_from, r.u_to),
  }));
}

const enabledKept = new WeakMap<ReadonlyArray<ModuleSettingsRow>, Map<string, ReadonlySet<string>>>();
/**
 * enabledFrom, remembered per settings array, device and day: the access gate's settings come from a kept row that
 * answers many requests (plugins/access.ts), and every call of a module's route and GET /data ask for the set. The
 * set is shared, so it is read-only.
 */
export function enabledOnce(rows: ReadonlyArray<ModuleSettingsRow>, device: Device, today: string): ReadonlySet<string> {
  let byKey = enabledKept.get(rows);
  if (!byKey) enabledKept.set(rows, (byKey = new Map()));
  const key = `${device}:${today}`;
  let enabled = byKey.get(key);
  if (!enabled) byKey.set(key, (enabled = enabledFrom(rows, device, today)));
  return enabled;
}

/** The enabled set from the settings of every module (see enabledModuleIds). */
export function enabledFrom(rows: ReadonlyArray<ModuleSettingsRow>, device: Device, today: string): Set<string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, boolean>();
  const enabled = (id: string, depth = 0): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const r = byId.get(id);
    const own = Boolean(r) && allows(r!.company, device, today) && allows(r!.user, device, today);
    const result = own && (!r!.parentId || (depth < 20 && enabled(r!.parentId, depth + 1)));
    memo.set(id, result);
    return result;
  };
  return new Set(rows.filter((r) => enabled(r.id)).map((r) => r.id));
}
