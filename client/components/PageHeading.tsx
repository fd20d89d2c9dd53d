import type { ReactNode } from 'react';

/** The page's one <h1>, with an optional lead paragraph (styled in global.css). */
export function PageHeading({ title, lead, extra }: { title: ReactNode; lead?: ReactNode; extra?: ReactNode }) {
  return (
    <header className="page-heading">
      <div>
        <h1 className="page-title">{title}</h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
      {extra ? <div className="page-heading-extra">{extra}</div> : null}
    </header>
  );
}
