import { HttpException, type INestApplicationContext, type PipeTransform, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResult } from '../common/api-result.js';
import { AuthUser } from '../common/decorators.js';
import { httpExceptionEnvelope } from '../common/http-exception.filter.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { createValidationPipe } from '../common/validation.pipe.js';
import { accessDenial, accessRuleOf } from '../modules/auth/access-rule.js';
import { BikesController } from '../modules/bikes/bikes.controller.js';
import { ListBikesQueryDto } from '../modules/bikes/bikes.dto.js';
import { DashboardController } from '../modules/dashboard/dashboard.controller.js';
import { FavouritesController } from '../modules/favourites/favourites.controller.js';
import { ReviewsController } from '../modules/reviews/reviews.controller.js';
import { UsersController } from '../modules/users/users.controller.js';
import type { LocalAnswer, LocalApi } from './render-contract.js';

type Query = Record<string, string>;

interface LocalRoute {
  pattern: RegExp;
  controller: Type<object>;
  /** The controller method: its access (@Endpoint) authorizes the call by the AccessGuard's rule (access-rule.ts). */
  method: string;
  call(controller: never, match: RegExpExecArray, query: Query, user: AuthUser | undefined): Promise<ApiResult<unknown>>;
}

const idPipe = ParseIdPipe('id');
const bikeIdPipe = ParseIdPipe('bikeId');
const validation = createValidationPipe();

const param = (pipe: PipeTransform, value: string, name: string): Promise<string> =>
  Promise.resolve(pipe.transform(decodeURIComponent(value), { type: 'param', data: name, metatype: String }) as string);

/**
 * The GET routes the page loaders read (client/pages/*loader*.ts), answered in-process: the same controller methods
 * (so the same services, DTOs and messages), the same pipes on their parameters, the AccessGuard's access rule,
 * with the caller the page request's cookie names. Loaders that read anything else fall back to the API on loopback.
 */
const ROUTES: LocalRoute[] = [
  {
    pattern: /^bikes$/,
    controller: BikesController,
    method: 'listBikes',
    call: async (c: BikesController, _m, query) =>
      c.listBikes((await validation.transform(query, { type: 'query', metatype: ListBikesQueryDto })) as ListBikesQueryDto),
  },
  {
    pattern: /^bikes\/related\/([^/]+)$/,
    controller: BikesController,
    method: 'listRelatedBikes',
    call: async (c: BikesController, m) => c.listRelatedBikes(await param(idPipe, m[1], 'id')),
  },
  {
    pattern: /^bikes\/([^/]+)$/,
    controller: BikesController,
    method: 'getBike',
    call: async (c: BikesController, m) => c.getBike(await param(idPipe, m[1], 'id')),
  },
  {
    pattern: /^reviews\/getpostreviews\/([^/]+)$/,
    controller: ReviewsController,
    method: 'listBikeReviews',
    call: async (c: ReviewsController, m, _q, user) => c.listBikeReviews(await param(bikeIdPipe, m[1], 'bikeId'), user),
  },
  {
    pattern: /^dashboard\/summary$/,
    controller: DashboardController,
    method: 'getDashboardSummary',
    call: (c: DashboardController) => c.getDashboardSummary(),
  },
  {
    pattern: /^favourite$/,
    controller: FavouritesController,
    method: 'listFavourites',
    call: (c: FavouritesController, _m, _q, user) => c.listFavourites(user as AuthUser),
  },
  {
    pattern: /^users\/me$/,
    controller: UsersController,
    method: 'getMe',
    call: (c: UsersController, _m, _q, user) => c.getMe(user as AuthUser),
  },
];

/** What the exception filter answers for an HttpException; anything else is the renderer's to handle. */
function errorAnswer(error: unknown): LocalAnswer {
  if (!(error instanceof HttpException)) throw error;
  return { status: error.getStatus(), body: httpExceptionEnvelope(error) };
}

/** Builds the in-process API the server renderer hands its loaders, per page request (its caller). */
export function createLocalApiFactory(app: INestApplicationContext): (user: AuthUser | null) => LocalApi {
  const reflector = app.get(Reflector);
  const resolved = ROUTES.map((route) => {
    const controller = app.get(route.controller, { strict: false });
    const handler = (controller as Record<string, unknown>)[route.method] as (...args: unknown[]) => unknown;
    if (typeof handler !== 'function') throw new Error(`${route.controller.name}.${route.method} is not a method`);
    return { route, controller, rule: accessRuleOf(reflector, handler, route.controller) };
  });

  return (user) => (method, path, query) => {
    if (method !== 'GET') return null;
    for (const { route, controller, rule } of resolved) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      return (async (): Promise<LocalAnswer> => {
        try {
          // A page whose cookie names no one renders signed out, and its loopback calls send no cookie: no token.
          const denial = accessDenial(rule, user ?? undefined, false);
          if (denial) throw denial;
          const result = await route.call(controller as never, match, query, user ?? undefined);
          // What the envelope interceptor and JSON serialisation make of it (dates as strings, undefined dropped).
          return { status: 200, body: JSON.parse(JSON.stringify({ success: true, message: result.message, ...result.extra, data: result.data ?? null })) as unknown };
        } catch (error) {
          return errorAnswer(error);
        }
      })();
    }
    return null;
  };
}
