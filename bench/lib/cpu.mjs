// CPU time accounting for the benchmarks (Linux /proc): where each request's CPU goes, so a ratio can be
// explained by "who used the cores" rather than guessed. Elsewhere the PostgreSQL figures are left out.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return undefined;
  }
}

/** CPU ms of every postgres process, by pid. */
export function postgresCpu() {
  const out = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = procCpuMs(pid);
    if (ms !== undefined) out.set(Number(pid), ms);
  }
  return out;
}

/**
 * Starts a measurement: call the returned function at the end with the backend pids of the bench database
 * (pg_stat_activity) to get { serverMs, postgresMs }. Server = this process.
 */
export function startCpuMeter() {
  const server = process.cpuUsage();
  const pgBefore = postgresCpu();
  return (backendPids = []) => {
    const s = process.cpuUsage(server);
    const pgAfter = postgresCpu();
    let postgresMs = 0;
    for (const pid of backendPids) {
      const after = pgAfter.get(pid);
      if (after !== undefined) postgresMs += after - (pgBefore.get(pid) ?? 0);
    }
    return { serverMs: (s.user + s.system) / 1000, postgresMs };
  };
}

/** Backend pids connected to the database `client` is on (other than `client` itself). */
export async function backendPids(client) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return rows.map((r) => r.pid);
}
