/** A timestamp as '2026-06-01 09:00 UTC': the same text on the server and in the browser (no hydration mismatch). */
export function UtcTime({ value, fallback = '-' }: { value: string | null | undefined; fallback?: string }) {
  if (!value) return <>{fallback}</>;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return <>{fallback}</>;
  return <time dateTime={d.toISOString()}>{`${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`}</time>;
}
