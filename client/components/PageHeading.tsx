import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The page's one <h1>, with an optional lead paragraph. */
export function PageHeading({ title, lead, extra }: { title: ReactNode; lead?: ReactNode; extra?: ReactNode }) {
  return (
    <header className="page-heading">
      <div>
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {lead ? <Typography.Paragraph className="page-lead">{lead}</Typography.Paragraph> : null}
      </div>
      {extra ? <div className="page-heading-extra">{extra}</div> : null}
    </header>
  );
}
