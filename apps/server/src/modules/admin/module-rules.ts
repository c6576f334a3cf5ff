import { formatDate, msg, type ModuleNode, type ModuleNodeInput } from '@portal/contract';
import { badRequest } from '../../lib/http-errors.js';
import type { ModuleSetting } from '../../lib/module-access.js';
import type { ModuleRow } from './repository.js';

/** A company without a row for a module has it on both devices, without dates (see docs/decisions/admin.md). */
export const COMPANY_DEFAULT: ModuleSetting = { mobile: true, desktop: true, date_from: null, date_to: null };

const sameSetting = (a: ModuleSetting, b: ModuleSetting) =>
  a.mobile === b.mobile && a.desktop === b.desktop && a.date_from === b.date_from && a.date_to === b.date_to;

/** The module rows as a tree, each node with the tree's values and the company's. */
export function buildTree(
  modules: ModuleRow[],
  value: (id: string) => { setting: ModuleSetting; own?: boolean },
  company: (id: string) => ModuleSetting,
): ModuleNode[] {
  const byParent = new Map<string | null, ModuleRow[]>();
  for (const m of modules) {
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }
  const ids = new Set(modules.map((m) => m.id));
  const build = (parent: string | null, depth: number): ModuleNode[] =>
    (byParent.get(parent) ?? [])
      // A module whose parent is not in the list hangs from the root rather than vanishing.
      .concat(parent === null ? modules.filter((m) => m.parent_id !== null && !ids.has(m.parent_id)) : [])
      .map((m) => {
        const { setting, own } = value(m.id);
        const c = company(m.id);
        return {
          id: m.id,
          nombre: m.name,
          icono: m.icon,
          mobile: setting.mobile,
          desktop: setting.desktop,
          rango: setting.date_from !== null || setting.date_to !== null,
          fecha_desde: setting.date_from,
          fecha_hasta: setting.date_to,
          empresa_mobile: c.mobile,
          empresa_desktop: c.desktop,
          empresa_fecha_desde: c.date_from,
          empresa_fecha_hasta: c.date_to,
          ...(own === undefined ? {} : { propio: own }),
          children: depth < 20 ? build(m.id, depth + 1) : [],
        };
      });
  return build(null, 0);
}

/** The modules a user's tree shows: those of any of the user's profiles, with their ancestors. */
export function modulesForProfiles(modules: ModuleRow[], profileIds: number[]): ModuleRow[] {
  const byId = new Map(modules.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const m of modules) {
    if (!m.profile_ids.some((p) => profileIds.includes(p))) continue;
    for (let cur: ModuleRow | undefined = m, n = 0; cur && !keep.has(cur.id) && n < 20; cur = cur.parent_id ? byId.get(cur.parent_id) : undefined, n++) {
      keep.add(cur.id);
    }
  }
  return modules.filter((m) => keep.has(m.id));
}

/**
 * The nodes of a saved tree, flattened and checked against the known modules: each once, rango false clears
 * the dates. The nesting the client sent is ignored; parents are the modules table's.
 */
export function flattenInput(tree: ModuleNodeInput[], known: Map<string, ModuleRow>): Map<string, ModuleSetting> {
  const out = new Map<string, ModuleSetting>();
  const visit = (nodes: ModuleNodeInput[], depth: number) => {
    if (depth > 20) throw badRequest(msg.solicitudInvalida);
    for (const n of nodes) {
      if (!known.has(n.id)) throw badRequest(msg.moduloInexistente(n.id));
      if (out.has(n.id)) throw badRequest(msg.moduloRepetido(n.id));
      const dated = n.rango !== false;
      out.set(n.id, {
        mobile: n.mobile,
        desktop: n.desktop,
        date_from: dated ? (n.fecha_desde ?? null) : null,
        date_to: dated ? (n.fecha_hasta ?? null) : null,
      });
      if (n.children) visit(n.children, depth + 1);
    }
  };
  visit(tree, 0);
  return out;
}

/**
 * Enabling mobile or desktop on a module also enables it on its parent, up to the root (access.md §4). Parents
 * the save did not mention are brought in from their current setting.
 */
export function enableParents(settings: Map<string, ModuleSetting>, known: Map<string, ModuleRow>, current: (id: string) => ModuleSetting): void {
  for (const [id, s] of [...settings]) {
    for (let parent = known.get(id)?.parent_id ?? null, n = 0; parent && n < 20; parent = known.get(parent)?.parent_id ?? null, n++) {
      const p = settings.get(parent) ?? { ...current(parent) };
      const next = { ...p, mobile: p.mobile || s.mobile, desktop: p.desktop || s.desktop };
      settings.set(parent, next);
    }
  }
}

const dateText = (d: string | null) => (d ? formatDate(d) : 'sin límite');

/**
 * A user's configuration stays within the company's (access.md §4): no device the company lacks, no date
 * outside the company's. Refused with 400 and the module's name, never silently narrowed.
 */
export function checkWithinCompany(settings: Map<string, ModuleSetting>, known: Map<string, ModuleRow>, company: (id: string) => ModuleSetting): void {
  for (const [id, s] of settings) {
    const c = company(id);
    const name = known.get(id)?.name ?? id;
    if (s.mobile && !c.mobile) throw badRequest(msg.moduloSinEmpresa(name, 'móviles'));
    if (s.desktop && !c.desktop) throw badRequest(msg.moduloSinEmpresa(name, 'escritorio'));
    if (!s.mobile && !s.desktop) continue;
    const outside =
      (c.date_from && ((s.date_from && s.date_from < c.date_from) || (s.date_to && s.date_to < c.date_from))) ||
      (c.date_to && ((s.date_to && s.date_to > c.date_to) || (s.date_from && s.date_from > c.date_to)));
    if (outside) throw badRequest(msg.moduloFueraDeFechas(name, dateText(c.date_from), dateText(c.date_to)));
  }
}

/** A user's setting equal to the company's is stored as "inherit" (no row), so later company changes reach it. */
export function splitOwnAndInherited(settings: Map<string, ModuleSetting>, company: (id: string) => ModuleSetting) {
  const own = new Map<string, ModuleSetting>();
  const inherit: string[] = [];
  for (const [id, s] of settings) {
    if (sameSetting(s, company(id))) inherit.push(id);
    else own.set(id, s);
  }
  return { own, inherit };
}
