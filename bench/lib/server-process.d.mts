import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function waitUntilReady(
  child: ChildProcess,
  baseUrl: string,
  output: () => string,
  options: { timeoutMs: number; pollMs: number },
): Promise<void>;
export function spawnBuiltServer(
  entry: string,
  options: { port: number; dataDir: string; env: Record<string, string> },
): { child: ChildProcess; output: () => string };
