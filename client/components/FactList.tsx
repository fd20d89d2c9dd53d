import type { ReactNode } from 'react';

/** A term and its value in a FactList; `valueClassName` styles one value (e.g. a total). */
export interface Fact {
  term: ReactNode;
  value: ReactNode;
  valueClassName?: string;
}

/** A short list of labelled facts (bike card, favourite, rental): a <dl> whose pairs each sit in a <div>. */
export function FactList({ facts, className }: { facts: Fact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact, index) => (
        <div key={index}>
          <dt>{fact.term}</dt>
          <dd className={fact.valueClassName}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
