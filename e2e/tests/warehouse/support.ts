import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { uniqueUsername } from '../../support/admin';
import { LA_PAMPA, enterViaApi, loginUi } from '../../support/fixtures';

/** Logs in as deposito (warehouse staff of La Pampa) and waits for the profile-5 shell. */
export async function enterAsDeposito(page: Page) {
  await enterViaApi(page, { username: 'deposito', landing: /#\/5\// });
}

async function tokenOf(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/public/oauth', { data: { client_id: 'master', grant_type: 'password', username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** deposito's calls through the API with its bearer token (company-scoped, no entity). */
export async function depositoApi(request: APIRequestContext) {
  const token = await tokenOf(request, 'deposito', 'Demo1234');
  const headers = { authorization: `Bearer ${token}`, Cuit: LA_PAMPA, Dispositivo: 'mobile' };
  return {
    async get<T>(url: string, params?: Record<string, string | number>) {
      const r = await request.get(`/api/public${url}`, { headers, params });
      return { status: r.status(), body: (await r.json()) as T };
    },
    async post<T>(url: string, data: unknown) {
      const r = await request.post(`/api/public${url}`, { headers, data });
      return { status: r.status(), body: (await r.json()) as T };
    },
  };
}

/**
 * A second warehouse worker of La Pampa (profile 5 Depósito, linked to the head office like deposito), created by
 * the demo administrator through the users API; a new user is asked to change the password, which it puts off.
 */
export async function createWarehouseWorker(request: APIRequestContext, testInfo: TestInfo) {
  const username = uniqueUsername('deposito', testInfo);
  const password = 'Inicial123';
  const token = await tokenOf(request, 'admin', 'Admin1234');
  const res = await request.post('/api/public/proxy/usuarios', {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA },
    data: { username, email: `${username}@e2e.com.ar`, first_name: 'Marta', last_name: 'Quiroga', password, perfiles: [5], entidades: [1] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return {
    username,
    async enter(page: Page) {
      await loginUi(page, username, password);
      await page.getByTestId(`session-${LA_PAMPA}`).click();
      await expect(page).toHaveURL(/#\/5\//);
      const change = page.getByRole('dialog', { name: 'Cambio de clave' });
      await expect(change).toBeVisible();
      await change.getByRole('button', { name: 'Mas tarde' }).click();
      await expect(change).toBeHidden();
    },
  };
}
