import type { CompanySession, Entidad, MenuItem } from '@portal/contract';
import type { EntityRow } from './repository.js';

/** Database rows → the spec's wire names. */
export function toEntidad(e: EntityRow): Entidad {
  return {
    id: e.id,
    codent: e.code,
    codigo_entidad: e.code,
    descri_entidad: e.description ?? e.name,
    razsoc: e.name,
    cuit_entidad: e.cuit,
    vendedor_id: e.seller_id,
    activa: e.active,
    numero_celular: e.phone,
  };
}

export function toCompanySession(s: {
  cuit: string;
  name: string;
  is_admin: boolean;
  suspended: boolean;
  desktop: boolean;
  mobile: boolean;
}): CompanySession {
  return {
    cuit: s.cuit,
    razonsocial: s.name,
    // The legacy portal proxied each company to a remote host with its own token; this back end serves every
    // company itself, so the host is this API and no remote token exists.
    accesstoken: '',
    url: '/api/public',
    admin: s.is_admin,
    suspendido: s.suspended,
    desktop: s.desktop,
    mobile: s.mobile,
    logo: `/whitelabel/${s.cuit}/logo.svg`,
  };
}

type ModuleRow = { id: string; parent_id: string | null; name: string; icon: string; link: string | null };

/** Flat module rows (already sorted) → the menu tree; a group whose children were all filtered out is dropped. */
export function toMenu(rows: ModuleRow[]): MenuItem[] {
  const byParent = new Map<string | null, ModuleRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const build = (parent: string | null): MenuItem[] =>
    (byParent.get(parent) ?? []).flatMap((r): MenuItem[] => {
      const children = build(r.id);
      if (!r.link && children.length === 0) return [];
      return [{ id: r.id, nombre: r.name, icono: r.icon, link: r.link, ...(children.length ? { children } : {}) }];
    });
  return build(null);
}
