// Steps several specs share, done the way a person does them (through the screens).
import type { Page } from 'playwright-core';
import { createUser, uniqueUsername, type E2eServer } from '../../support/e2e-server.ts';
import { ClientHomePage } from '../pages/client-home-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { shown } from './waits.ts';

export interface TestClient {
  id: number;
  username: string;
  email: string;
  phone: string;
  password: string;
}

/** A CLIENT with email and phone, made directly in the server's database. */
export async function aClient(server: E2eServer, prefix = 'client'): Promise<TestClient> {
  const username = uniqueUsername(prefix);
  const client = {
    username,
    email: `${username}@example.org`,
    phone: '5550001111',
    password: 'gauze12345',
  };
  const { id } = await createUser(server.db, client);
  return { id, ...client };
}

/** Logs in through /login and waits for the client home. */
export async function logInAsClient(page: Page, client: TestClient): Promise<ClientHomePage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(client.username, client.password);
  const home = new ClientHomePage(page);
  await shown(home.logOut);
  return home;
}
