/**
 * Inputs shared by the document renderers. Money and quantities are decimal strings, as PostgreSQL `numeric`
 * arrives (numbers are accepted too); dates are 'YYYY-MM-DD', as `date` columns arrive.
 */

/** A decimal amount: '1234567.89' (or a number). */
export type DecimalValue = string | number;

export type Currency = 'ARS' | 'USD';

/** The issuing company, as printed in the header of every document. */
export type CompanyHeader = {
  /** Name from the company's branding (razón social). */
  name: string;
  /** 11 digits, with or without dashes. */
  cuit: string;
  /** One line: street, town, province. */
  address: string;
  /** e.g. 'IVA Responsable Inscripto'. */
  ivaCondition: string;
  /** Ingresos Brutos number, or null when exempt / unknown. */
  grossIncome: string | null;
  /** Inicio de actividades, 'YYYY-MM-DD'. */
  activityStart: string | null;
  /** '#2E7D32'; tints the rules and table headers. Invalid values fall back to a neutral grey. */
  primaryColor: string | null;
};
