import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser, Public, Roles, SignedIn } from '../../common/decorators.js';
import { accessDenial, accessRuleOf } from './access-rule.js';

@Public()
class OpenController {
  open(): void {}
  @SignedIn() mine(): void {}
}

@Roles('admin')
class AdminController {
  list(): void {}
  @Roles('user') book(): void {}
}

class PlainController {
  @Public() open(): void {}
  @SignedIn() mine(): void {}
  nothing(): void {}
}

const reflector = new Reflector();
const rule = (controller: { prototype: object }, method: string) =>
  accessRuleOf(reflector, (controller.prototype as Record<string, () => void>)[method], controller as never);
const user: AuthUser = { id: 'u', name: 'U', email: 'u@example.com', role: 'user' };
const admin: AuthUser = { ...user, id: 'a', role: 'admin' };

describe('accessRuleOf', () => {
  it('reads @Public() from the handler or its controller', () => {
    expect(rule(OpenController, 'open')).toEqual({ isPublic: true, roles: [] });
    expect(rule(PlainController, 'open')).toEqual({ isPublic: true, roles: [] });
  });

  it("lets a handler's @SignedIn() win over its controller's @Public()", () => {
    expect(rule(OpenController, 'mine')).toEqual({ isPublic: false, roles: [] });
  });

  it("takes the handler's @Roles() over its controller's", () => {
    expect(rule(AdminController, 'list')).toEqual({ isPublic: false, roles: ['admin'] });
    expect(rule(AdminController, 'book')).toEqual({ isPublic: false, roles: ['user'] });
  });

  it('denies by default: no metadata means signed in', () => {
    expect(rule(PlainController, 'nothing')).toEqual({ isPublic: false, roles: [] });
  });
});

describe('accessDenial', () => {
  it('lets anyone call a public handler', () => {
    expect(accessDenial({ isPublic: true, roles: [] }, undefined, true)).toBeNull();
  });

  it('answers 401 without a caller, naming an invalid token when one was sent', () => {
    const withoutToken = accessDenial({ isPublic: false, roles: [] }, undefined, false);
    expect(withoutToken).toBeInstanceOf(UnauthorizedException);
    expect(withoutToken?.message).toBe('Please log in to continue');
    expect(accessDenial({ isPublic: false, roles: [] }, undefined, true)?.message).toBe('Your session is invalid or has expired, please log in again');
  });

  it('answers 403 to a caller of another role, and lets any role call a signed-in handler', () => {
    const denial = accessDenial({ isPublic: false, roles: ['admin'] }, user, true);
    expect(denial).toBeInstanceOf(ForbiddenException);
    expect(denial?.message).toBe('This action requires the admin role');
    expect(accessDenial({ isPublic: false, roles: ['admin'] }, admin, true)).toBeNull();
    expect(accessDenial({ isPublic: false, roles: [] }, user, true)).toBeNull();
  });
});
