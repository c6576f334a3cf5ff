/**
 * The profiles of access.md §6 (the `profiles` table's ids, seeded by the access migration): named once here, used
 * by the contract's descriptors (`orProfiles`) and by the server's services instead of bare numbers.
 */
export const PROFILE = {
  cliente: 1,
  vendedor: 2,
  jefeDeZona: 3,
  repartidor: 4,
  deposito: 5,
  autorizador: 6,
} as const;

export type ProfileId = (typeof PROFILE)[keyof typeof PROFILE];

/** Sales staff let into the back office of orders and the staff pickers beside administrators: sellers and zone managers. */
export const SALES_STAFF_PROFILES = [PROFILE.vendedor, PROFILE.jefeDeZona] as const;
