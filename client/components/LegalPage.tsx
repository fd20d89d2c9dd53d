import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.js';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: heading, effective date, contents and numbered sections. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <div className="page-container page-section legal-page">
      <PageHeading title={title} lead={`Last updated ${updated}`} />
      <div className="legal-layout">
        <nav aria-label="Contents" className="legal-toc">
          <h2 className="legal-toc-title">Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-body">
          <div className="legal-intro">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
