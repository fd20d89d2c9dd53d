import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router-dom';
import type { HttpClient } from '../api/http.js';

/** What route loaders get, on the server (per request) and in the browser (per navigation). */
export interface LoaderContext {
  queryClient: QueryClient;
  api: HttpClient;
}

const loaderContextKey = createContext<LoaderContext>();

export function createRouterContext(value: LoaderContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(loaderContextKey, value);
  return provider;
}

/** The loader's `context` argument, as set by createRouterContext (server: query's requestContext; browser: getContext). */
export function loaderContext(context: unknown): LoaderContext {
  return (context as RouterContextProvider).get(loaderContextKey);
}
