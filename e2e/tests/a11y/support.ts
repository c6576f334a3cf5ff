import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LA_PAMPA } from '../../support/fixtures';

/** What the portal promises: WCAG 2.1 A and AA, as axe-core checks them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Finding = { rule: string; impact: string; nodes: string[]; help: string };

/** Waits until the screen has drawn its data: no spinner, no loading placeholder, nothing marked busy (10 s at most). */
export async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .route-loading, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
  // Nothing fading in or out (drawers, dialogs, their masks): axe would read colours mid-fade.
  await expect(page.locator('[class*="-enter"], [class*="-appear"], [class*="-leave"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/**
 * The serious and critical violations on the page as it is now (`include`: only inside that selector, a dialog),
 * each with the first few elements it was found on.
 */
export async function axeFindings(page: Page, include?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact!, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`) }));
}

/** Collects the findings of each state checked, to fail once at the end with all of them. */
export class AxeWalk {
  readonly found: Record<string, Finding[]> = {};
  constructor(private readonly page: Page) {}
  async check(name: string, include?: string) {
    await settled(this.page);
    const findings = await axeFindings(this.page, include);
    if (findings.length) {
      this.found[name] = findings;
      // Also as they come: a walk cut short by its time limit still says what it found.
      console.log(`axe: ${name}: ${JSON.stringify(findings)}`);
      // And what the screen looked like then: a colour read through an overlay shows on the picture.
      await test.info().attach(`axe ${name}`, { body: await this.page.screenshot(), contentType: 'image/png' });
    }
  }
  /** Opens each screen by its address (a same-document hash change: no reload, no second login) and checks it. */
  async screens(profile: number, paths: string[]) {
    for (const p of paths) {
      await this.page.goto(`/#/${profile}/${p}`);
      await expect(this.page).toHaveURL(new RegExp(`#/${profile}/${p.replace(/[?]/g, '\\?')}`));
      await this.check(p);
    }
  }
  expectNone() {
    expect(this.found, 'serious or critical axe violations').toEqual({});
  }
}

type MenuItem = { id: string; link?: string | null; children?: MenuItem[] };
const links = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children?.length ? links(i.children) : [i.link ?? i.id]));

/** The screens of the signed-in user's menu, as the server gives it for this device (GET /data). */
export async function menuScreens(page: Page): Promise<string[]> {
  const s = JSON.parse((await page.evaluate(() => localStorage.getItem('portal.session.v1'))) ?? '{}') as { accessToken: string; entity: { codent: number }; profile: number };
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const r = await page.request.get('/api/public/data', {
    headers: { authorization: `Bearer ${s.accessToken}`, Cuit: LA_PAMPA, Entity_ID: String(s.entity.codent), Dispositivo: mobile ? 'mobile' : 'desktop' },
    params: { mobile, perfil: s.profile },
  });
  expect(r.status()).toBe(200);
  return [...new Set(links(((await r.json()) as { menu: MenuItem[] }).menu))];
}
