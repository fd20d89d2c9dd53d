import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A page-sized error message: icon, heading, text, actions. Plain markup in the 404 page's style (global.css),
 * used where a page could not be shown; antd's Result would bring its illustrations to every page's first load.
 */
export function ProblemState({
  status,
  title,
  text,
  actions,
}: {
  status: 'error' | 'warning';
  title: ReactNode;
  text: ReactNode;
  actions: ReactNode;
}) {
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <section className="not-found problem-state" role="alert" aria-labelledby="problem-state-title">
      <Icon className={`problem-state-icon problem-state-icon--${status}`} aria-hidden="true" />
      <h1 id="problem-state-title" className="not-found-title">
        {title}
      </h1>
      <p className="not-found-text">{text}</p>
      <div className="problem-state-actions">{actions}</div>
    </section>
  );
}
