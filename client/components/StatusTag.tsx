import { Tag } from 'antd';
import type { ReactNode } from 'react';
import './status-tag.css';

export type StatusTone = 'success' | 'danger' | 'warning' | 'info';

/** A status badge whose colours keep WCAG AA contrast in both themes (antd's preset tag colours do not). */
export function StatusTag({ tone, children, className }: { tone: StatusTone; children: ReactNode; className?: string }) {
  return <Tag className={`okb-status-tag okb-status-${tone}${className ? ` ${className}` : ''}`}>{children}</Tag>;
}
