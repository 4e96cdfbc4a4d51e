import { describe, expect, it } from 'vitest';
import { pathTo } from '#shared/contracts/paths';
import { ADMIN_ROUND_PATHS } from '#shared/contracts/admin-rounds';
import { cancelOrderPath, userOrdersPath } from '#shared/contracts/orders';

describe('pathTo', () => {
  it('fills every :param of a template, encoded', () => {
    expect(pathTo(ADMIN_ROUND_PATHS.confirmSignup, { signupId: 7 })).toBe(
      '/api/admin/rounds/signup/7/confirm',
    );
    expect(pathTo('/api/a/:x/b/:y', { x: 'a b', y: '1/2' })).toBe('/api/a/a%20b/b/1%2F2');
    // @ts-expect-error: every :param of the template must be given.
    expect(pathTo(ADMIN_ROUND_PATHS.one, {})).toBe('/api/admin/rounds/');
  });
  it('builds the areas’ named paths', () => {
    expect(cancelOrderPath(12)).toBe('/api/orders/12/cancel');
    expect(userOrdersPath('Guest')).toBe('/api/orders/user/Guest');
  });
});
