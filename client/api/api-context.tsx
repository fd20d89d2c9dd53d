import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http.js';

const ApiContext = createContext<HttpClient | null>(null);

/** Gives hooks the request's HTTP client (loopback + cookie on the server, same origin in the browser). */
export function ApiProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): HttpClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() needs an <ApiProvider> above it');
  return client;
}
