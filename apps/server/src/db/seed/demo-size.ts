/**
 * The demo data's sizes (DEMO_SIZE, demo-tenant.md): `small` for the tests' template, `demo` by default, `large` for
 * the benchmarks. Apart from seed.ts, so that every seeding file and the configuration name them without a loop.
 */
export const DEMO_SIZES = ['small', 'demo', 'large'] as const;
export type DemoSize = (typeof DEMO_SIZES)[number];
