import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function waitUntilReady(
  child: ChildProcess,
  baseUrl: string,
  output: () => string,
  options: { timeoutMs: number; pollMs: number },
): Promise<void>;
