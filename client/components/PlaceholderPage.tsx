import { Card } from 'antd';
import type { ReactNode } from 'react';
import { usePageMeta } from '../app/head.js';
import { PageHeading } from './PageHeading.js';

interface PlaceholderPageProps {
  /** Document title. */
  title: string;
  description: string;
  heading: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** Public pages sit in a centred container; dashboard pages fill the content area. */
  variant?: 'public' | 'dashboard';
}

/** A screen whose content is still to be built: its layout, head and heading are already final. */
export function PlaceholderPage({ title, description, heading, lead, children, variant = 'public' }: PlaceholderPageProps) {
  usePageMeta({ title, description });
  return (
    <div className={variant === 'public' ? 'page-container page-section' : undefined}>
      <PageHeading title={heading} lead={lead} />
      {children ?? (
        <Card className="placeholder-card">
          <p className="placeholder-text">This section is being prepared and will be available soon.</p>
        </Card>
      )}
    </div>
  );
}
